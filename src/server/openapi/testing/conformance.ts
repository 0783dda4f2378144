import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { buildOpenApiDocument } from '../document';

/** Checks of real answers against the OpenAPI description, for the API's tests. */

// The document is walked by path and status read from the answers: typing every level would say nothing more.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** The OpenAPI description as served. */
export const openApiDocument: Json = buildOpenApiDocument();

/** Points local references at the document registered under the id "openapi". */
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

/** An ajv (JSON Schema 2020-12, as OpenAPI 3.1) that knows the document's components. */
export const openApiAjv = new Ajv2020({ strict: false, allErrors: true });
addFormats(openApiAjv);
openApiAjv.addSchema(rebase({ ...openApiDocument, $id: 'openapi' }) as Json, 'openapi');

/** A documented response, its $ref to components.responses followed. */
export function documentedResponse(path: string, method: string, status: number): Json | undefined {
  const found = openApiDocument.paths[path]?.[method]?.responses?.[String(status)];
  return found?.$ref ? openApiDocument.components.responses[found.$ref.split('/').pop()] : found;
}

/** Checks a JSON answer against the schema documented for its path (as in the document), method and status. */
export function expectDocumented(
  path: string,
  method: string,
  response: { statusCode: number; json(): unknown },
): void {
  expect(openApiDocument.paths[path]?.[method], `${method} ${path} is documented`).toBeDefined();
  const documented = documentedResponse(path, method, response.statusCode);
  expect(documented, `${method} ${path} documents status ${response.statusCode}`).toBeDefined();
  const validate = openApiAjv.compile(rebase(documented?.content['application/json'].schema) as Json);
  const body = response.json();
  expect(
    validate(body),
    `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)} for ${JSON.stringify(body)}`,
  ).toBe(true);
}
