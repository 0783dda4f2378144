/**
 * The API's contract, imported by the portal and the server alike: identifiers, the lists of values (statuses,
 * steps, capture types), the stable error codes, and the answers and request bodies of every call, as JSON
 * Schemas with their types derived from them. The server validates bodies and queries with them on its routes;
 * the OpenAPI description (src/server/openapi/) is held to every answer by the conformance tests.
 */
export * from './accounts';
export * from './application-bodies';
export * from './applications';
export * from './capture';
export * from './documents';
export * from './enums';
export * from './error-codes';
export * from './errors';
export * from './ids';
export * from './paths';
export * from './payments';
export * from './outcomes';
export * from './reference';
export * from './submissions';
export * from './staff';
