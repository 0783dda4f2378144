import { describe, expect, it } from 'vitest';
import * as contract from '../../shared/contract';
import { TEST_SCHEMAS_DIR } from '../testing/harness';
import { documentedSchemas, readOpenApiSource, type Json } from './document';

const source = readOpenApiSource();
const schemas = documentedSchemas(source, TEST_SCHEMAS_DIR);

/** What a schema says about data: its shared schemas followed, without words, examples or messages. */
function shapeOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapeOf);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Json;
  if (typeof schema.$ref === 'string') return shapeOf(schemas[schema.$ref.split('/').pop()!]);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(
        ([keyword]) => !['description', 'examples', 'errorMessage', 'x-contract', 'x-schema-file'].includes(keyword),
      )
      .map(([keyword, value]) => [keyword, keyword === 'enum' || keyword === 'required' ? value : shapeOf(value)]),
  );
}

/** openapi.json with one shared schema replaced. */
const withComponent = (name: string, component: Json): Json => ({
  ...source,
  components: { ...source.components, schemas: { [name]: component } },
});

describe('the shared schemas of the OpenAPI description', () => {
  it('each come from the contract or a schema file, never written out in openapi.json', () => {
    for (const [name, component] of Object.entries(source.components.schemas as Json)) {
      expect(
        Object.keys(component).filter((k) => k === 'x-contract' || k === 'x-schema-file'),
        name,
      ).toHaveLength(1);
    }
  });

  it('say of the data exactly what the contract says (lists of steps, pages and languages filled in)', () => {
    const lists = new Set(['x-journey-step', 'x-languages', 'x-pages-of']);
    /** The contract's schema as the description says it: the markers that stand for a list become that list. */
    const listed = (node: unknown, documented: unknown): unknown => {
      if (Array.isArray(node)) return node.map((item, i) => listed(item, (documented as unknown[])[i]));
      if (!node || typeof node !== 'object') return node;
      const out = Object.fromEntries(
        Object.entries(node)
          .filter(([keyword]) => !lists.has(keyword))
          .map(([keyword, value]) => [keyword, listed(value, (documented as Json | undefined)?.[keyword])]),
      );
      return Object.keys(node).some((keyword) => lists.has(keyword))
        ? { ...out, enum: (documented as Json).enum }
        : out;
    };
    /** The list of pages openapi.json names (`x-pages-of`, a form's page ids) taken out where it names one. */
    const unlisted = (node: unknown, overlay: Json | undefined): unknown => {
      if (!node || typeof node !== 'object' || Array.isArray(node) || !overlay) return node;
      const { enum: pages, ...rest } = node as Json;
      const out: Json = overlay['x-pages-of'] ? rest : { ...rest, ...(pages ? { enum: pages } : {}) };
      for (const key of ['properties'] as const) {
        if (!out[key] || !overlay[key]) continue;
        out[key] = Object.fromEntries(
          Object.entries(out[key] as Json).map(([name, sub]) => [name, unlisted(sub, overlay[key][name])]),
        );
      }
      if (overlay.items) out.items = unlisted(out.items, overlay.items);
      return out;
    };
    let compared = 0;
    for (const [name, component] of Object.entries(source.components.schemas as Json)) {
      const exported = component['x-contract'];
      if (typeof exported !== 'string') continue;
      const documented = unlisted(shapeOf(schemas[name]), component);
      expect(documented, name).toEqual(shapeOf(listed((contract as Json)[exported], documented)));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('refer to each other where one holds another (a field error in an error body, an applicant in an application)', () => {
    expect(schemas.ErrorBody.properties.fields.items).toEqual({ $ref: '#/components/schemas/FieldError' });
    expect(schemas.Application.properties.applicants.items).toEqual({ $ref: '#/components/schemas/Applicant' });
  });

  it('take words and examples from openapi.json, at any depth', () => {
    const described = documentedSchemas(
      withComponent('Described', {
        'x-contract': 'errorBodySchema',
        description: 'Said once.',
        examples: [{ error: 'No.', code: 'NOT_FOUND' }],
        properties: { fields: { items: { properties: { key: { description: 'A key.' } } } } },
      }),
      TEST_SCHEMAS_DIR,
    ).Described;
    expect(described.description).toBe('Said once.');
    expect(described.examples).toEqual([{ error: 'No.', code: 'NOT_FOUND' }]);
    expect(described.properties.fields.items.properties.key.description).toBe('A key.');
    expect(described.properties.fields.items.properties.key.type).toBe('string');
  });

  it('refuse a shape written in openapi.json, a property the schema lacks, and a schema from nowhere', () => {
    const build = (component: Json) => () => documentedSchemas(withComponent('Odd', component), TEST_SCHEMAS_DIR);
    expect(build({ 'x-contract': 'errorBodySchema', required: ['error'] })).toThrow(/keyword "required"/);
    expect(build({ 'x-contract': 'errorBodySchema', properties: { code: { maxLength: 3 } } })).toThrow(
      /keyword "maxLength"/,
    );
    expect(build({ 'x-contract': 'errorBodySchema', properties: { missing: { description: 'x' } } })).toThrow(
      /property "missing"/,
    );
    expect(build({ 'x-schema-file': 'login', properties: { email: { type: 'number' } } })).toThrow(/keyword "type"/);
    expect(build({ type: 'object' })).toThrow(/neither "x-contract" nor "x-schema-file"/);
    expect(build({ 'x-contract': 'noSuchSchema' })).toThrow(/no contract schema noSuchSchema/);
  });
});
