import { expect } from 'vitest';
import { buildTestApp } from '../../testing/harness';
import { openApiValidator } from '../answer-check';

/** Checks of real answers against the OpenAPI description, for the API's tests. */

// The document is walked by path and status read from the answers: typing every level would say nothing more.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** The OpenAPI description an app serves, built from the schema files of `schemasDir` (default: the repository's). */
export async function buildOpenApiDocument(schemasDir?: string): Promise<Json> {
  const app = await buildTestApp(schemasDir ? { schemasDir } : {});
  try {
    return (await app.inject({ url: '/api/eta/openapi.json' })).json();
  } finally {
    await app.close();
  }
}

/** The OpenAPI description as served. */
export const openApiDocument: Json = await buildOpenApiDocument();

/** An ajv (JSON Schema 2020-12, as OpenAPI 3.1) that knows the document's components. */
const validator = openApiValidator(openApiDocument);
export const openApiAjv = validator.ajv;

/** A documented response, its $ref to components.responses followed. */
export const documentedResponse = validator.answerOf;

/** Checks a JSON answer against the schema documented for its path (as in the document), method and status. */
export function expectDocumented(
  path: string,
  method: string,
  response: { statusCode: number; json(): unknown },
): void {
  expect(openApiDocument.paths[path]?.[method], `${method} ${path} is documented`).toBeDefined();
  const documented = documentedResponse(path, method, response.statusCode);
  expect(documented, `${method} ${path} documents status ${response.statusCode}`).toBeDefined();
  const validate = validator.compile(documented?.content['application/json'].schema);
  const body = response.json();
  expect(
    validate(body),
    `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)} for ${JSON.stringify(body)}`,
  ).toBe(true);
}
