import fc from 'fast-check';

// The OpenAPI document is walked by keyword: typing every level would say nothing more.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** Arbitraries for a property name, used instead of its schema (e.g. an identifier of the caller's own records). */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

/** Strings that trip parsers, collations and renderers: lone surrogates, direction marks, NUL, joiners, long emoji. */
export const oddStrings: readonly string[] = [
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil\u202C',
  '\u200F\u200E\u2067x\u2069',
  '\u0000',
  'x\u0000y',
  '\uFEFF',
  '\u200B\u200D',
  'e\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦'.repeat(20),
  '٣٤٥',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\r\n\t',
  ' ',
  '',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
];

/** Follows a local `$ref` (a JSON pointer into the document). */
export function resolveRef(doc: Json, schema: Json): Json {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<Json>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current ?? {};
}

/** allOf's parts folded into one schema (properties and required joined, the last word otherwise). */
function merged(doc: Json, schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  return [rest, ...allOf.map((part: Json) => merged(doc, resolveRef(doc, part)))].reduce((all: Json, part: Json) => ({
    ...all,
    ...part,
    properties: { ...all.properties, ...part.properties },
    required: [...(all.required ?? []), ...(part.required ?? [])],
  }));
}

function stringArbitrary(schema: Json): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 40);
  switch (schema.format) {
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
  }
  if (typeof schema.pattern === 'string') {
    const matching = fc.stringMatching(new RegExp(schema.pattern, 'u'));
    // Matches cut to maxLength, sometimes whole. Never a filter on length: it would spin for ever on a pattern that
    // has no match of that length.
    return fc.oneof(
      {
        weight: 4,
        arbitrary: matching.map((s) => ([...s].length > maxLength ? [...s].slice(0, maxLength).join('') : s)),
      },
      { weight: 1, arbitrary: matching },
    );
  }
  return fc.string({
    minLength,
    maxLength,
    unit: fc.oneof(fc.constantFrom('a', 'Z', '9', ' '), fc.string({ minLength: 1, maxLength: 1 })),
  });
}

/** An arbitrary of values shaped by a JSON schema (the keywords the product's schemas use; others are ignored). */
export function schemaArbitrary(doc: Json, input: Json, overrides: Overrides = {}, depth = 0): fc.Arbitrary<unknown> {
  const schema = merged(doc, resolveRef(doc, input));
  if (depth > 8) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) {
    const { oneOf: _one, anyOf: _any, ...rest } = schema;
    return fc.oneof(
      ...alternatives.map((part: Json) =>
        schemaArbitrary(doc, { ...rest, ...merged(doc, resolveRef(doc, part)) }, overrides, depth + 1),
      ),
    );
  }
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : undefined;
  if (!type) {
    if (schema.properties) return schemaArbitrary(doc, { ...schema, type: 'object' }, overrides, depth);
    return fc.jsonValue({ maxDepth: 2 });
  }
  if (type.length > 1)
    return fc.oneof(...type.map((t: string) => schemaArbitrary(doc, { ...schema, type: t }, overrides, depth)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(
        schema.items ? schemaArbitrary(doc, schema.items, overrides, depth + 1) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        },
      );
    default: {
      const properties: Json = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, part]) => [
          name,
          overrides[name] ?? schemaArbitrary(doc, part as Json, overrides, depth + 1),
        ]),
      );
      const record = fc.record(model, {
        requiredKeys: (schema.required ?? []).filter((name: string) => name in properties),
      });
      if (schema.additionalProperties === false || Object.keys(properties).length > 0) return record;
      // An open object (stored answers, say): a few entries of any JSON.
      return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
    }
  }
}

/** The value nested `levels` deep in arrays or objects. */
export function nested(levels: number, asObject: boolean, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = asObject ? { a: value } : [value];
  return value;
}

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, '', [], {}, '0', 'true', 'null'),
  fc.jsonValue({ maxDepth: 2 }),
);

const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', 'é', '𝔘', '\u202E', '0'), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([unit, size]) => unit.repeat(size));

const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...oddStrings),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...oddStrings)).map(([a, b]) => a + b),
);

const deep: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 400 }), fc.boolean())
  .map(([levels, asObject]) => nested(levels, asObject));

/** A value of `valid`, sometimes changed: a field dropped, a wrong type, an extra field, huge or odd strings, deep nesting. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.constantFrom('none', 'none', 'drop', 'wrongType', 'extra', 'huge', 'odd', 'deep', 'replaceWhole'),
      fc.nat(),
      fc.oneof(wrongValue, hugeString, oddString, deep),
    )
    .map(([value, how, pick, payload]) => {
      if (how === 'none') return value;
      if (how === 'replaceWhole' || !value || typeof value !== 'object' || Array.isArray(value)) {
        return how === 'replaceWhole' ? payload : value;
      }
      const copy: Json = { ...(value as Json) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? keys[pick % keys.length] : 'field';
      if (how === 'drop') delete copy[key];
      else if (how === 'extra') copy[`extra${pick % 7}`] = payload;
      else if (how === 'wrongType') copy[key] = payload;
      else if (how === 'huge') copy[key] = typeof payload === 'string' ? payload : 'x'.repeat(50_000 + (pick % 50_000));
      else if (how === 'odd') copy[key] = typeof payload === 'string' ? payload : oddStrings[pick % oddStrings.length];
      else if (how === 'deep') copy[key] = nested(100 + (pick % 300), pick % 2 === 0);
      return copy;
    });
}
