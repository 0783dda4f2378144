/**
 * The API's contract, imported by the portal and the server alike: identifiers, the lists of values (statuses,
 * steps, capture types), the stable error codes, and the answers and request bodies of every call. Answers are
 * JSON Schemas with their types derived from them: the server declares them on its routes, and the OpenAPI
 * description is generated from the routes.
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
export * from './reference';
export * from './submissions';
