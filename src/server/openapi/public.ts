/** What other areas use of the OpenAPI description: the schemas their routes declare. */
export { isDescribedOnly, loadRouteSchemas } from './route-schemas';
