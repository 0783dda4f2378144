import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as contract from '../../shared/contract';
import { inOfferOrder } from '../../shared/languages';
import { availableLanguages } from '../i18n';
import { loadForms } from '../validation/forms';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import { readRouteManifest } from '../lib/route-manifest';

/**
 * The shared schemas of the OpenAPI description, each generated from where the server takes it, so the description can
 * never be looser or stricter than the server: a request body that the server validates with a schema file
 * (`"x-schema-file": "<id>"`) from that very file; every other answer and body (`"x-contract": "<export>"`) from the
 * contract (src/shared/contract) the server validates and answers with. openapi.json adds only words and examples.
 * Every list of a form's page ids (`"x-pages-of"`) is read from that form's `ui:pages`. The operations come from the
 * routes' schemas (plugin.ts, complete.ts).
 */

// Operations, answers and schemas are walked by name: typing every level would say nothing more.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/**
 * The hand-kept part of the description: what belongs to no route (information, tags, security schemes, shared
 * answers and parameters), and for each shared schema where its shape comes from with the words a reader needs (see
 * `documentedSchemas`); every operation comes from its route. A property whose values are a form's page
 * ids says `"x-pages-of": "<form>"`; the ids are read from that form's `ui:pages`. One whose values are the portal's
 * languages says `"x-languages": true`; they are read from locales/.
 */
export const OPENAPI_FILE = new URL('./openapi.json', import.meta.url);

/** Keywords of the schema files that mean nothing to a reader of the API (messages, ids, local definitions). */
const DROPPED = new Set(['$schema', '$id', '$comment', 'errorMessage', 'definitions']);

interface Rule {
  rule: string;
  [key: string]: unknown;
}

/** Says in words what a cross-field rule of `x-rules` checks (the rule itself stays in the schema as `x-rules`). */
export function describeRule(rule: Rule): string {
  switch (rule.rule) {
    case 'sameAs':
      return `${String(rule.field)} must equal ${String(rule.other)}.`;
    case 'phoneNumber':
      return `${String(rule.numberField)} must be a valid mobile number of the country ${String(rule.countryField)}; it is stored and answered in E.164.`;
    case 'pastDate':
      return `${[rule.fields ?? rule.field].flat().join(', ')} must be a date in the past.`;
    default:
      return `Also checked by the rule ${rule.rule} (src/shared/rules).`;
  }
}

function pointer(node: unknown, fragment: string): unknown {
  return fragment
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (at, key) => (at as Json | undefined)?.[decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~')],
      node,
    );
}

/** Turns a schema file into an OpenAPI 3.1 schema: references inlined, messages dropped, rules described. */
export function toOpenApiSchema(id: string, files: Map<string, Json>): Json {
  const convert = (node: unknown, fileId: string, trail: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => convert(item, fileId, trail));
    if (!node || typeof node !== 'object') return node;
    const schema = node as Json;
    if (typeof schema.$ref === 'string') {
      const [base, fragment = ''] = schema.$ref.split('#');
      const targetId = base ? path.posix.normalize(path.posix.join(path.posix.dirname(fileId), base)) : fileId;
      const key = `${targetId}#${fragment}`;
      if (trail.includes(key)) throw new Error(`${id}: circular reference ${key}`);
      const target = pointer(files.get(targetId), fragment);
      if (target === undefined) throw new Error(`${id}: unresolved reference ${schema.$ref} in ${fileId}`);
      const inlined = convert(target, targetId, [...trail, key]) as Json;
      const { $ref: _ref, ...siblings } = schema;
      const rest = convert(siblings, fileId, trail) as Json;
      return Object.keys(rest).length === 0 ? inlined : { allOf: [inlined], ...rest };
    }
    const out: Json = {};
    for (const [keyword, value] of Object.entries(schema)) {
      if (DROPPED.has(keyword)) continue;
      // draft-07's tuple form of items is prefixItems in JSON Schema 2020-12 (OpenAPI 3.1).
      if (keyword === 'items' && Array.isArray(value)) out.prefixItems = convert(value, fileId, trail);
      else if (keyword === 'properties' || keyword === 'patternProperties') {
        out[keyword] = Object.fromEntries(
          Object.entries(value as Json).map(([name, sub]) => [name, convert(sub, fileId, trail)]),
        );
      } else out[keyword] = convert(value, fileId, trail);
    }
    if (Array.isArray(schema['x-rules'])) {
      const said = (schema['x-rules'] as Rule[]).map(describeRule).join(' ');
      out.description = out.description ? `${out.description} ${said}` : said;
    }
    return out;
  };
  const file = files.get(id);
  if (!file) throw new Error(`openapi.json names the schema file "${id}", which does not exist`);
  return convert(file, id, [id]) as Json;
}

/** What openapi.json may add to a shared schema: words and examples, never shape (see `overlaid`). */
const WORDS = new Set(['description', 'examples', 'x-pages-of']);
/** The keywords of a component that say where its schema comes from. */
const SOURCES = new Set(['x-contract', 'x-schema-file']);

/**
 * A generated schema with openapi.json's words added: `description` and `examples` at any level reached through
 * `properties` and `items`, and `x-pages-of`. A top-level description goes before the generated one (which says the
 * schema file's rules); a property's replaces its own. Any other keyword is refused: the shape of every shared schema
 * is the contract's or the schema file's, kept in one place.
 */
function overlaid(generated: Json, overlay: Json, where: string, top = true): Json {
  const out = { ...generated };
  for (const [keyword, value] of Object.entries(overlay)) {
    if (top && SOURCES.has(keyword)) continue;
    if (keyword === 'properties') {
      for (const [name, words] of Object.entries(value as Json)) {
        const property = out.properties?.[name];
        if (!property) throw new Error(`openapi.json describes the property "${name}" of ${where}, which it lacks`);
        out.properties = { ...out.properties, [name]: overlaid(property, words as Json, `${where}.${name}`, false) };
      }
    } else if (keyword === 'items') {
      if (!out.items || typeof out.items !== 'object' || Array.isArray(out.items))
        throw new Error(`openapi.json describes the items of ${where}, which is not a list of one kind`);
      out.items = overlaid(out.items as Json, value as Json, `${where}[]`, false);
    } else if (WORDS.has(keyword)) {
      out[keyword] =
        top && keyword === 'description' && generated.description ? `${value} ${generated.description}` : value;
    } else {
      throw new Error(
        `openapi.json gives ${where} the keyword "${keyword}": a shared schema's shape belongs to the contract (src/shared/contract) or its schema file`,
      );
    }
  }
  return out;
}

function examplesOf(schemasDir: string, id: string): unknown[] {
  const file = path.join(schemasDir, `${id}.examples.json`);
  return existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { valid?: unknown[] }).valid ?? []) : [];
}

/** The page ids of a form, in order, from its UI schema's `ui:pages`. */
function pageIdsOf(schemasDir: string, form: string): string[] {
  const file = path.join(schemasDir, `${form}.ui.json`);
  if (!existsSync(file)) throw new Error(`openapi.json names the pages of "${form}", which has no UI schema`);
  const pages = (JSON.parse(readFileSync(file, 'utf8')) as Json)['ui:pages'];
  if (!Array.isArray(pages)) throw new Error(`openapi.json names the pages of "${form}", which has no ui:pages`);
  return pages.map((page: Json) => String(page.id));
}

/** The steps of the journey, in order, from the route manifest's `steps`. */
function journeyStepsOf(schemasDir: string): string[] {
  const manifest = readRouteManifest(schemasDir) as Json;
  return (manifest.steps as Json[]).map((entry) => String(entry.step));
}

/**
 * Replaces every `"x-pages-of": "<form>"` with the `enum` of that form's page ids, so a page added to or removed
 * from a form's `ui:pages` changes the description with it; and every `"x-languages": true` with the `enum` of the
 * portal's languages (those of locales/), so does a language added.
 */
export function fillPageLists(node: unknown, schemasDir: string): void {
  if (Array.isArray(node)) {
    for (const item of node) fillPageLists(item, schemasDir);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (typeof schema['x-pages-of'] === 'string') {
    schema.enum = pageIdsOf(schemasDir, schema['x-pages-of']);
    delete schema['x-pages-of'];
  }
  const step = schema['x-journey-step'];
  if (step !== undefined) {
    // A step of the route manifest's `steps` (`"or MANAGE_APPLICANTS"`: that one too), so a step an editor adds is
    // described with the others.
    schema.enum = [...journeyStepsOf(schemasDir), ...(step === 'or MANAGE_APPLICANTS' ? ['MANAGE_APPLICANTS'] : [])];
    delete schema['x-journey-step'];
  }
  if (schema['x-languages'] === true) {
    schema.enum = inOfferOrder(availableLanguages());
    delete schema['x-languages'];
  }
  for (const value of Object.values(schema)) fillPageLists(value, schemasDir);
}

/** The hand-kept part of the description: what belongs to no route. */
export function readOpenApiSource(): Json {
  return JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json;
}

/**
 * The shared schemas of the description (`components.schemas`), by name: each the contract's schema (`"x-contract"`)
 * or a schema file of `schemasDir` with its examples (`"x-schema-file"`), with openapi.json's words; every list of a
 * form's page ids, journey steps and languages filled in.
 */
export function documentedSchemas(source: Json, schemasDir: string = DEFAULT_SCHEMAS_DIR): Json {
  const files = new Map(loadForms(schemasDir).files.map((file) => [file.id, file.schema as Json]));
  const schemas: Json = {};
  for (const [name, component] of Object.entries(source.components.schemas as Json)) {
    const exported = component['x-contract'];
    const id = component['x-schema-file'];
    if (typeof exported === 'string') {
      // An answer or a body whose schema the contract declares (src/shared/contract) is described by that very schema.
      const schema = (contract as Record<string, unknown>)[exported];
      if (!schema || typeof schema !== 'object') throw new Error(`openapi.json: no contract schema ${exported}`);
      const generated = toOpenApiSchema(exported, new Map([[exported, schema as Json]]));
      schemas[name] = { ...overlaid(generated, component, name), 'x-contract': exported };
    } else if (typeof id === 'string') {
      const generated = overlaid(toOpenApiSchema(id, files), component, name);
      const examples = examplesOf(schemasDir, id);
      schemas[name] = {
        ...generated,
        'x-schema-file': `schemas/${id}.schema.json`,
        ...(examples.length > 0 ? { examples } : {}),
      };
    } else {
      throw new Error(`openapi.json: the shared schema ${name} names neither "x-contract" nor "x-schema-file"`);
    }
  }
  fillPageLists(schemas, schemasDir);
  return referringToEachOther(schemas);
}

/**
 * The shared schemas with every part that equals another shared schema replaced by a reference to it (the largest
 * first), so that the description names an error body's field error, an application's applicant, as it does a body.
 */
function referringToEachOther(schemas: Json): Json {
  const bare = (schema: Json): Json => {
    const { 'x-contract': _contract, 'x-schema-file': _file, examples: _examples, ...rest } = schema;
    return rest;
  };
  const named = Object.entries(schemas).map(([name, schema]) => [name, bare(schema as Json)] as const);
  const refer = (node: unknown, owner: string, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => refer(item, owner, false));
    if (!node || typeof node !== 'object') return node;
    if (!root) {
      const same = named.find(([name, schema]) => name !== owner && isDeepStrictEqual(schema, node));
      if (same) return { $ref: `#/components/schemas/${same[0]}` };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, refer(value, owner, false)]));
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, refer(schema, name, true)]));
}

/** The component that documents each request body schema file, by the file's id ("registration" → RegistrationRequest). */
export function bodyComponents(source: Json): Map<string, string> {
  return new Map(
    Object.entries(source.components.schemas as Json)
      .filter(([, component]) => typeof component['x-schema-file'] === 'string')
      .map(([name, component]) => [String(component['x-schema-file']), name]),
  );
}
