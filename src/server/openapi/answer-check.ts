import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { Json } from './document';

/** Points the document's local references at the document registered under the id "openapi". */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `openapi${value}` : rebase(value),
    ]),
  );
}

/** Checks values against the schemas of an OpenAPI description (JSON Schema 2020-12, as OpenAPI 3.1). */
export interface OpenApiValidator {
  ajv: Ajv2020;
  /** The documented answer of an operation for a status, its $ref to components.responses followed. */
  answerOf(path: string, method: string, status: number): Json | undefined;
  /** A validator for a schema of the document (its local references resolved in the document). */
  compile(schema: Json): ValidateFunction;
}

export function openApiValidator(doc: Json): OpenApiValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(rebase({ ...doc, $id: 'openapi' }) as Json, 'openapi');
  return {
    ajv,
    answerOf: (path, method, status) => {
      const found = doc.paths[path]?.[method]?.responses?.[String(status)];
      return found?.$ref ? doc.components.responses[String(found.$ref).split('/').pop()!] : found;
    },
    compile: (schema) => ajv.compile(rebase(schema) as Json),
  };
}

/**
 * Checks every answer of a route that declares its answers against the description generated from those
 * declarations: its status must be declared and a JSON answer must match the declared schema. A mismatch fails the
 * request (500, logged), so the test that provoked it fails. Used where NODE_ENV=test: it proves the declarations
 * true on every answer the API's tests provoke.
 */
export function checkDeclaredAnswers(app: FastifyInstance): void {
  let validator: OpenApiValidator | undefined;
  const compiled = new Map<string, ValidateFunction>();
  const failed = new WeakSet<object>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.schema?.response || request.method === 'HEAD' || failed.has(request)) return payload;
    validator ??= openApiValidator(app.swagger() as Json);
    const path = String(request.routeOptions.url).replace(/:(\w+)/g, '{$1}');
    const method = request.method.toLowerCase();
    const where = `${request.method} ${path} ${reply.statusCode}`;
    const answer = validator.answerOf(path, method, reply.statusCode);
    const problem = (() => {
      if (!answer) return 'the status is not declared';
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('application/json') || typeof payload !== 'string') return undefined;
      const schema = answer.content?.['application/json']?.schema;
      if (!schema) return 'no JSON answer is declared';
      let validate = compiled.get(where);
      if (!validate) compiled.set(where, (validate = validator!.compile(schema)));
      return validate(JSON.parse(payload)) ? undefined : JSON.stringify(validate.errors);
    })();
    if (problem === undefined) return payload;
    failed.add(request);
    request.log.error({ answer: payload }, `${where}: the answer is not as declared: ${problem}`);
    throw new Error(`${where}: the answer is not as declared: ${problem}`);
  });
}
