/** What other areas use of the OpenAPI description: the schemas their routes declare. */
export { isDescribedOnly, loadRouteSchemas } from './route-schemas';
export type { OperationId, ParamsOf, RouteSchemaTypes } from './route-schemas';
