/**
 * The schema files the API validates request bodies with, as one TypeScript module of `as const` objects
 * (src/shared/contract/schema-files.generated.ts), so that src/shared/contract derives each body's type from its
 * file with json-schema-to-ts (`FromSchemaFile`) and a change to a schema file changes the type. A JSON file cannot
 * be imported `as const`, hence this module; it is written by `npm test`, `npm run typecheck` and `npm ci`, is not
 * kept in git, and only `import type` may reach it (lint-enforced), so nothing that runs needs it.
 *
 * The files are those a route's `body` names in a route-schemas.json of src/server (`{ "$ref": "<id>#" }`), and
 * every file they refer to, read as the server reads them (`loadSchemaFiles`), in that order. Each `$ref` is written
 * resolved against its file's `$id` (`../definitions#/x` in api/verify becomes `definitions#/x`, `#/x` in applicant
 * becomes `applicant#/x`): json-schema-to-ts finds a referenced file by its exact `$id`.
 *
 * The module also names the routes of the route manifest (routes.manifest.json) as the type `RouteName`, by the rule
 * PATHS of src/shared/route-paths.ts names them with (`routePathsOf`), so that a link to a route the manifest does not
 * name is a type error.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routePathsOf, type NamedRoute } from '../src/shared/manifest-routes';
import { readOpenApiSource } from '../src/server/openapi/document';
import { toRouteSchema } from '../src/server/openapi/route-schemas';
import { loadSchemaFiles } from '../src/server/validation/schema-files';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_TYPES_FILE = join(ROOT, 'src/shared/contract/schema-files.generated.ts');

/** The ids of the schema files the routes of `serverDir` (each area's route-schemas.json) validate bodies with. */
export function bodySchemaIds(serverDir: string): string[] {
  const ids = new Set<string>();
  for (const { bodyFile } of Object.values(routeRequestSchemas(serverDir))) if (bodyFile) ids.add(bodyFile);
  return [...ids];
}

/** Each area's route-schemas.json of `serverDir`, as its operations by operationId. */
function routeSchemaFiles(serverDir: string): [area: string, entries: Record<string, Record<string, unknown>>][] {
  return readdirSync(serverDir)
    .sort()
    .filter((area) => existsSync(join(serverDir, area, 'route-schemas.json')))
    .map((area) => [area, JSON.parse(readFileSync(join(serverDir, area, 'route-schemas.json'), 'utf8'))]);
}

/** What a route declares of its request, by operationId: its parameters' schemas and its body's schema file. */
interface RequestSchemas {
  params?: unknown;
  querystring?: unknown;
  /** The id of the schema file the body is validated with (`{ "$ref": "<id>#" }`). */
  bodyFile?: string;
}

/**
 * The path and query parameters of every operation of the routes of `serverDir`, as the schemas the route declares
 * (`params`, `querystring`: see toRouteSchema), and the schema file its body is validated with, by operationId.
 */
export function routeRequestSchemas(serverDir: string): Record<string, RequestSchemas> {
  const shared = readOpenApiSource();
  const found: Record<string, RequestSchemas> = {};
  for (const [area, entries] of routeSchemaFiles(serverDir)) {
    for (const [operationId, entry] of Object.entries(entries)) {
      if (operationId.startsWith('$')) continue;
      if (found[operationId]) throw new Error(`${area}/route-schemas.json: the operationId ${operationId} is taken`);
      const { params, querystring } = toRouteSchema(operationId, entry, shared) as Record<string, unknown>;
      const ref = (entry.body as { $ref?: unknown } | undefined)?.$ref;
      found[operationId] = {
        ...(params ? { params } : {}),
        ...(querystring ? { querystring } : {}),
        ...(typeof ref === 'string' && ref.endsWith('#') ? { bodyFile: ref.slice(0, -1) } : {}),
      };
    }
  }
  return found;
}

/** The module text of the operations' request schemas: a body is the `as const` schema of its file, named. */
function requestSchemasText(serverDir: string): string {
  const operations = Object.entries(routeRequestSchemas(serverDir)).map(([operationId, { bodyFile, ...parts }]) => {
    const written = Object.entries(parts).map(([part, schema]) => `${part}: ${JSON.stringify(schema)}`);
    if (bodyFile) written.push(`body: ${schemaConstName(bodyFile)}`);
    return `  ${operationId}: {${written.length ? ` ${written.join(', ')} ` : ''}},`;
  });
  return `{\n${operations.join('\n')}\n}`;
}

/** A `$ref` of the file `id` as an absolute reference (`<file id>#<pointer>`). */
function absoluteRef(ref: string, id: string): string {
  const [file, pointer = ''] = ref.split('#');
  const target = file === '' ? id : posix.normalize(posix.join(posix.dirname(id), file));
  return `${target}#${pointer}`;
}

/** The schema with every `$ref` absolute; the ids it refers to are added to `refersTo`. */
function withAbsoluteRefs(node: unknown, id: string, refersTo: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => withAbsoluteRefs(item, id, refersTo));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key !== '$ref' || typeof value !== 'string') return [key, withAbsoluteRefs(value, id, refersTo)];
      const ref = absoluteRef(value, id);
      refersTo.add(ref.split('#')[0]);
      return [key, ref];
    }),
  );
}

/** `api/capture-session-action` → `apiCaptureSessionActionSchema`. */
export function schemaConstName(id: string): string {
  const words = id.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `${words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('')}Schema`;
}

/** The names of the routes of the route manifest of `schemasDir` (none without one), in manifest order. */
export function routeNames(schemasDir: string): string[] {
  const file = join(schemasDir, 'routes.manifest.json');
  if (!existsSync(file)) return [];
  const { routes } = JSON.parse(readFileSync(file, 'utf8')) as { routes?: NamedRoute[] };
  return Object.keys(routePathsOf(routes ?? []));
}

/**
 * The text of the generated module for the schema files of `schemasDir` that the routes of `serverDir` take, and
 * the names of the routes of its route manifest.
 */
export function schemaTypesModule(schemasDir: string, serverDir: string): string {
  const files = loadSchemaFiles(schemasDir);
  const byId = new Map(files.map((file) => [file.id, file]));
  const wanted = new Set<string>();
  const rewritten = new Map<string, unknown>();
  const visit = (id: string, from: string) => {
    if (wanted.has(id)) return;
    const file = byId.get(id);
    if (!file) throw new Error(`${from} refers to the schema "${id}", but no file of ${schemasDir} has that $id`);
    wanted.add(id);
    const refersTo = new Set<string>();
    rewritten.set(id, withAbsoluteRefs(file.schema, id, refersTo));
    for (const target of refersTo) visit(target, `schemas/${file.file}`);
  };
  for (const id of bodySchemaIds(serverDir)) visit(id, 'a route-schemas.json body');

  const included = files.filter((file) => wanted.has(file.id));
  const names = routeNames(schemasDir);
  const lines = [
    '// Generated by tools/schema-types-module.ts from the schema files the API validates request bodies with, the',
    "// route-schemas.json of the API's areas and the route manifest (npm test, npm run typecheck and npm ci write it):",
    '// do not edit it, and do not commit it. Only `import type` may reach it; src/shared/contract derives the body types',
    "// from it, src/server/openapi/route-schemas.ts the routes' request types, src/shared/route-paths.ts the names of",
    '// the routes.',
    '',
    ...included.map(
      (file) =>
        `/** schemas/${file.file} */\nexport const ${schemaConstName(file.id)} = ${JSON.stringify(rewritten.get(file.id), null, 2)} as const;\n`,
    ),
    '/** Every schema above, for json-schema-to-ts to resolve a `$ref` by the `$id` it names. */',
    `export type SchemaFiles = [${included.map((file) => `typeof ${schemaConstName(file.id)}`).join(', ')}];`,
    '',
    '/**',
    ' * What each operation of the API declares of its request (from the route-schemas.json of its area): its path and',
    " * query parameters' schemas and its body's schema file. The route's types come from them (RouteSchemaTypes of",
    ' * src/server/openapi/route-schemas.ts).',
    ' */',
    `export const routeRequestSchemas = ${requestSchemasText(serverDir)} as const;`,
    '',
    '/** The names of the routes of schemas/routes.manifest.json that code links to (PATHS of src/shared/route-paths.ts). */',
    `export type RouteName = ${names.length ? names.map((name) => JSON.stringify(name)).join(' | ') : 'never'};`,
    '',
  ];
  return lines.join('\n');
}

/** Writes the generated module (only when its text changes, so that watchers are not woken for nothing). */
export function writeSchemaTypes(
  schemasDir: string = join(ROOT, 'schemas'),
  serverDir: string = join(ROOT, 'src/server'),
  target: string = SCHEMA_TYPES_FILE,
): boolean {
  const text = schemaTypesModule(schemasDir, serverDir);
  if (existsSync(target) && readFileSync(target, 'utf8') === text) return false;
  writeFileSync(target, text);
  return true;
}
