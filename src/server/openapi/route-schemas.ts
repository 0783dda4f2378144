import { readFileSync } from 'node:fs';
import type { FastifySchema, FastifyTypeProvider } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { FromSchemaFile } from '../../shared/contract/schema-file-types';
import type { routeRequestSchemas } from '../../shared/contract/schema-files.generated';
import { readOpenApiSource, type Json } from './document';

/**
 * The schemas routes declare, read from their area's `route-schemas.json`: one entry per operation, named by its
 * operationId, with what fastify validates (`body`, and the path and query `parameters`) and what the description
 * says (`tags`, `summary`, `description`, `security`, the header `parameters`, `response` per status).
 * @fastify/swagger turns them into the operations of the OpenAPI description (see plugin.ts).
 *
 * In a file, an answer is either the name of a shared answer of openapi.json (`"401": "Unauthorized"`) or
 * `{ description, headers?, content }`, and a parameter either the name of a shared parameter (`"AcceptLanguage"`) or
 * `{ name, in, required?, description?, schema }`. A schema refers to a shared schema (`components.schemas`, registered
 * with `app.addSchema` by plugin.ts) as `{ "$ref": "<name>#" }`, and a body to the schema file it is validated with
 * (`{ "$ref": "registration#" }`). `"x-body-optional": true` documents a body a call may go without, and
 * `"x-request-body"` (an OpenAPI requestBody, written as the description says it) a body the route reads itself, in a
 * form fastify does not validate (a multipart upload, a browser's report).
 *
 * A route whose body or query is validated by a schema of the contract (src/shared/contract) passes it: the query
 * parameters are then described by that schema with the file's words, and the body by the component the file names
 * in `"x-body-component"`.
 */

/** Headers the file describes are not validated: see `isDescribedOnly`. */
const DESCRIBED_ONLY = 'x-described-only';

/** References to the description's components become references to the schemas registered under their names. */
export function toSharedRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toSharedRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${value.split('/').pop()}#`
        : toSharedRefs(value),
    ]),
  );
}

/**
 * An answer of the description in the form of a route's `response` entry (headers as schemas; an answer without
 * content, such as a 204, of type null, which @fastify/swagger describes without content).
 */
function routeAnswer(answer: Json): Json {
  const { headers, ...rest } = answer;
  return {
    ...(toSharedRefs(rest) as Json),
    ...(rest.content ? {} : { type: 'null' }),
    ...(headers
      ? {
          headers: Object.fromEntries(
            Object.entries(headers as Json).map(([name, header]) => [
              name,
              { ...header.schema, ...(header.description ? { description: header.description } : {}) },
            ]),
          ),
        }
      : {}),
  };
}

/** The object schema of the parameters of one place (`path`, `query`, `header`), or undefined when there are none. */
function parametersSchema(parameters: Json[], place: string): Json | undefined {
  const found = parameters.filter((parameter) => parameter.in === place);
  if (found.length === 0) return undefined;
  const required = found.filter((p) => p.required || place === 'path').map((p) => String(p.name));
  return {
    type: 'object',
    properties: Object.fromEntries(
      found.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }]),
    ),
    ...(required.length > 0 ? { required } : {}),
    ...(place === 'header' ? { [DESCRIBED_ONLY]: true } : {}),
  };
}

/**
 * True for the header schemas a route-schemas.json file describes: they describe values the routes check
 * themselves (a missing or wrong token answers 401, as the description says), so they are not validated before the
 * route runs, which would answer 400 instead. Path and query parameters are validated: a query that fails its schema
 * answers 400 VALIDATION_FAILED, a path parameter 404 NOT_FOUND (src/server/app.ts); an identifier that is a string
 * but names nothing is the route's to refuse (404 with the code of what it names).
 */
export function isDescribedOnly(schema: unknown): boolean {
  return Boolean(schema && typeof schema === 'object' && (schema as Json)[DESCRIBED_ONLY] === true);
}

/** What a route validates with a schema of its own rather than the file's. */
export interface Validated {
  body?: object;
  querystring?: object;
}

/** The validated query schema, each property described as the file's parameter of the same name. */
function describedQuery(operationId: string, validated: Json, documented: Json | undefined): Json {
  const properties = (validated.properties ?? {}) as Json;
  const words = (documented?.properties ?? {}) as Json;
  const names = (o: Json) => Object.keys(o).sort().join(', ');
  if (names(properties) !== names(words))
    throw new Error(`${operationId}: the query validates ${names(properties)} but describes ${names(words)}`);
  return {
    ...validated,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => [
        name,
        words[name].description ? { ...schema, description: words[name].description } : schema,
      ]),
    ),
  };
}

/** The route schema of one operation of a route-schemas.json file. */
export function toRouteSchema(
  operationId: string,
  entry: Json,
  shared: Json = readOpenApiSource(),
  validated: Validated = {},
): FastifySchema {
  const { parameters = [], response = {}, ...rest } = entry;
  const resolved = (parameters as (string | Json)[]).map((parameter) => {
    if (typeof parameter !== 'string') return parameter;
    const found = shared.components.parameters[parameter];
    if (!found) throw new Error(`${operationId}: no shared parameter ${parameter} in openapi.json`);
    return found as Json;
  });
  const params = parametersSchema(resolved, 'path');
  const documentedQuery = parametersSchema(resolved, 'query');
  const querystring = validated.querystring
    ? describedQuery(operationId, validated.querystring as Json, documentedQuery)
    : documentedQuery;
  const headers = parametersSchema(resolved, 'header');
  if (validated.body && (rest.body || !rest['x-body-component']))
    throw new Error(`${operationId}: a validated body needs "x-body-component" and no "body"`);
  return {
    operationId,
    ...rest,
    ...(validated.body ? { body: validated.body } : {}),
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(headers ? { headers } : {}),
    response: Object.fromEntries(
      Object.entries(response as Json).map(([status, answer]) => {
        if (typeof answer !== 'string') return [status, routeAnswer(answer)];
        const found = shared.components.responses[answer];
        if (!found) throw new Error(`${operationId}: no shared answer ${answer} in openapi.json`);
        return [status, routeAnswer(found)];
      }),
    ),
  } as FastifySchema;
}

/** The operations of the API's route-schemas.json files, by operationId, with their request's schemas. */
type RouteRequestSchemas = typeof routeRequestSchemas;
export type OperationId = keyof RouteRequestSchemas;

/**
 * The schema a route declares, typed with the schemas of its path and query parameters, and of its body: the schema
 * file's (declared `{ "$ref": "<id>#" }`, which is that file) or the contract's the route validates it with. Routes
 * that use RouteSchemaTypes take the types of `request.params`, `request.query` and `request.body` from them.
 */
export type RouteSchema<Id extends OperationId, V extends Validated = Validated> = Omit<
  FastifySchema,
  'params' | 'querystring' | 'body'
> &
  Omit<RouteRequestSchemas[Id], OwnParts<V>> & { [Part in OwnParts<V>]: NonNullable<V[Part]> };

/** The parts of a request a route validates with a schema of its own (`validated`), in place of the file's. */
type OwnParts<V extends Validated> = {
  [Part in keyof Validated]-?: V[Part] extends object ? Part : never;
}[keyof Validated];

/** What the path parameters of an operation hold, for the helpers its routes share (see RouteSchemaTypes). */
export type ParamsOf<Id extends OperationId> = RouteRequestSchemas[Id] extends { params: infer S extends JSONSchema }
  ? FromSchemaFile<S>
  : never;

/**
 * The type provider of the API's routes (`app.withTypeProvider<RouteSchemaTypes>()`): what a part of the request
 * holds is what its schema accepts (json-schema-to-ts, as the contract's types of the schema files), so a route's
 * parameters and body are typed by the very schemas that validate them, with no type written beside them.
 */
export interface RouteSchemaTypes extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchemaFile<this['schema']> : unknown;
  serializer: unknown;
}

/**
 * Reads an area's route-schemas.json: `schemaOf(operationId)` is the schema that operation's route declares, with
 * what the route validates with a schema of its own (`validated`).
 */
export function loadRouteSchemas(
  file: URL,
): <Id extends OperationId, V extends Validated = Validated>(operationId: Id, validated?: V) => RouteSchema<Id, V> {
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Json;
  const shared = readOpenApiSource();
  return <Id extends OperationId, V extends Validated>(operationId: Id, validated?: V) => {
    const entry = entries[operationId] as Json | undefined;
    if (!entry || operationId.startsWith('$')) throw new Error(`${file.pathname} has no operation ${operationId}`);
    return toRouteSchema(operationId, entry, shared, validated) as RouteSchema<Id, V>;
  };
}
