import { isDeepStrictEqual } from 'node:util';
import { bodyComponents, documentedSchemas, fillPageLists, type Json } from './document';

/**
 * Completes the description @fastify/swagger generates from the route schemas: the shared schemas as openapi.json,
 * the contract and the schema files make them (see document.ts), answers and parameters equal to a shared one
 * referring to it, bodies named by their schema file referring to the component that documents that file, bodies
 * the route reads itself (`"x-request-body"`) as written, and the answers every call can give before its route runs
 * (malformed or too complex JSON, a body over the limit, an over-long path parameter, a failure) added to each.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const OPTIONAL_BODY = 'x-body-optional';
const BODY_COMPONENT = 'x-body-component';
const REQUEST_BODY = 'x-request-body';

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The schema of a documented answer, its $ref to components.responses followed. */
function responseOf(doc: Json, response: Json): Json {
  return response.$ref ? doc.components.responses[String(response.$ref).split('/').pop()!] : response;
}

/** The JSON schema of a documented answer. */
const schemaOfAnswer = (doc: Json, answer: Json): Json => responseOf(doc, answer).content['application/json'].schema;

/** Adds a shared answer to what an operation answers with a status, as one of its forms when it has one already. */
function addAnswer(doc: Json, responses: Json, status: string, name: string): void {
  const shared = doc.components.responses[name];
  const own = responses[status] ? responseOf(doc, responses[status]) : undefined;
  if (!own) {
    responses[status] = ref(name);
    return;
  }
  const ownSchema = schemaOfAnswer(doc, own);
  const forms: Json[] = ownSchema.anyOf ?? [ownSchema];
  const added = shared.content['application/json'].schema;
  if (forms.some((form) => isDeepStrictEqual(form, added))) return;
  responses[status] = {
    description: `${own.description} Or ${shared.description}`,
    content: { 'application/json': { schema: { anyOf: [...forms, added] } } },
  };
}

/** The parameters of an operation, those shared with the description's components followed. */
const parametersOf = (doc: Json, operation: Json): Json[] =>
  ((operation.parameters ?? []) as Json[]).map((parameter) =>
    parameter.$ref ? doc.components.parameters[String(parameter.$ref).split('/').pop()!] : parameter,
  );

/** True for a path parameter whose schema refuses some strings (an enum, a pattern). */
const isConstrained = (parameter: Json): boolean =>
  parameter.in === 'path' && Object.keys(parameter.schema ?? {}).some((key) => key !== 'type');

/**
 * Adds the answers given before a route runs to every operation that can receive them: a query that fails its
 * schema answers 400 VALIDATION_FAILED, a path parameter that fails its schema 404 NOT_FOUND (no such address).
 */
function addRequestErrors(doc: Json): void {
  for (const [route, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method];
      if (!operation) continue;
      const responses = operation.responses as Json;
      const hasPathParameters = route.includes('{');
      const parameters = parametersOf(doc, operation);
      if (parameters.some((parameter) => parameter.in === 'query'))
        addAnswer(doc, responses, '400', 'ValidationFailed');
      if (operation.requestBody || hasPathParameters) addAnswer(doc, responses, '400', 'BadRequest');
      if (parameters.some(isConstrained)) addAnswer(doc, responses, '404', 'NotFound');
      if (operation.requestBody) responses['413'] ??= ref('PayloadTooLarge');
      if (hasPathParameters) responses['414'] ??= ref('UriTooLong');
      responses['500'] ??= ref('InternalError');
      responses['503'] ??= ref('ServiceUnavailable');
    }
  }
}

/** A parameter as compared with the shared ones: header names are not case-sensitive (fastify lower-cases them). */
const comparable = (parameter: Json): Json =>
  parameter.in === 'header' ? { ...parameter, name: String(parameter.name).toLowerCase() } : parameter;

/** An operation generated from a route schema, with what is shared referred to instead of repeated. */
function referShared(operation: Json, components: Json, bodies: Map<string, string>): void {
  for (const [status, answer] of Object.entries(operation.responses as Json)) {
    const shared = Object.entries(components.responses as Json).find(([, value]) => isDeepStrictEqual(value, answer));
    if (shared) operation.responses[status] = ref(shared[0]);
  }
  if (operation.parameters) {
    operation.parameters = (operation.parameters as Json[]).map((parameter) => {
      // The message key of a validated parameter means nothing to a reader of the API.
      if (parameter.schema) delete parameter.schema.errorMessage;
      const shared = Object.entries(components.parameters as Json).find(([, value]) =>
        isDeepStrictEqual(comparable(value), comparable(parameter)),
      );
      return shared ? { $ref: `#/components/parameters/${shared[0]}` } : parameter;
    });
  }
  const body = operation.requestBody?.content?.['application/json'];
  if (operation[BODY_COMPONENT]) {
    body.schema = { $ref: `#/components/schemas/${String(operation[BODY_COMPONENT])}` };
    delete operation[BODY_COMPONENT];
  } else if (body && typeof body.schema?.$ref === 'string' && !body.schema.$ref.startsWith('#')) {
    const name = bodies.get(body.schema.$ref.replace(/#$/, ''));
    if (!name) throw new Error(`${operation.operationId}: the body ${body.schema.$ref} is documented by no component`);
    body.schema = { $ref: `#/components/schemas/${name}` };
  }
  if (operation[REQUEST_BODY]) {
    if (operation.requestBody) throw new Error(`${operation.operationId}: "x-request-body" and a validated body`);
    operation.requestBody = operation[REQUEST_BODY];
    delete operation[REQUEST_BODY];
  }
  if (operation[OPTIONAL_BODY]) {
    operation.requestBody.required = false;
    delete operation[OPTIONAL_BODY];
  }
}

/** Every local `$ref` of the document names something the document has. */
function checkReferences(doc: Json, node: unknown = doc, where = ''): void {
  if (Array.isArray(node)) node.forEach((item) => checkReferences(doc, item, where));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string') {
        const [, ...segments] = value.split('/');
        const target = value.startsWith('#/') ? segments.reduce<Json | undefined>((at, s) => at?.[s], doc) : undefined;
        if (target === undefined)
          throw new Error(`The OpenAPI description refers to ${value}, which it lacks (${where})`);
      } else checkReferences(doc, value, where || key);
    }
  }
}

/** The description as served: what @fastify/swagger generated from the route schemas, completed. */
export function completeDocument(generated: Json, source: Json, schemasDir: string): Json {
  const doc = structuredClone(generated);
  doc.components = { ...structuredClone(source.components), schemas: documentedSchemas(source, schemasDir) };
  const bodies = bodyComponents(source);
  for (const item of Object.values(doc.paths as Json)) {
    for (const method of METHODS)
      if ((item as Json)[method]) referShared((item as Json)[method], doc.components, bodies);
  }
  fillPageLists(doc.paths, schemasDir);
  addRequestErrors(doc);
  checkReferences(doc);
  return doc;
}
