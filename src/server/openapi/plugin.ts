import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { checkDeclaredAnswers } from './answer-check';
import { completeDocument } from './complete';
import { documentedSchemas, readOpenApiSource, type Json } from './document';
import { loadRouteSchemas, toSharedRefs } from './route-schemas';
import { API_PATHS } from '../../shared/contract';

const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/**
 * The OpenAPI 3.1 description, served at GET /api/eta/openapi.json: @fastify/swagger generates it from the schemas
 * the routes declare (each area's route-schemas.json), completed by complete.ts. The shared schemas the routes refer
 * to (`{ "$ref": "<name>#" }`) are registered here once. Registered before every other route, so that it sees them all.
 */
export const openApiPlugin: FastifyPluginAsync = async (app) => {
  const source = readOpenApiSource();
  const { schemasDir } = app.config;

  // Answers keep being sent as JSON.stringify writes them, whatever a route's declared answer says: fastify's
  // default serializer (fast-json-stringify) would drop what a schema does not list and coerce types, so a schema
  // that is wrong would silently change answers. The declared answers are proved true instead: the API tests check
  // every answer against the description generated from them (answer-check.ts).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (app.config.nodeEnv === 'test') checkDeclaredAnswers(app);

  const { components, ...top } = source;
  await app.register(swagger, {
    openapi: {
      ...top,
      components: {
        securitySchemes: components.securitySchemes,
        parameters: components.parameters,
        responses: components.responses,
      },
    },
    // A shared schema is a component of its own name.
    refResolver: { buildLocalReference: (json) => String(json.$id) },
    convertConstToEnum: false,
    // Only the routes that declare an operation are described (not pages, files or test routes).
    transform: ({ schema, url }) => ({ schema: schema?.operationId ? schema : { ...schema, hide: true }, url }),
    transformObject: (generated) =>
      completeDocument((generated as { openapiObject: Json }).openapiObject, source, schemasDir) as never,
  });
  for (const [name, schema] of Object.entries(documentedSchemas(source, schemasDir))) {
    app.addSchema({ ...(toSharedRefs(schema) as Json), $id: name });
  }

  let document: string | undefined;
  app.get(API_PATHS.openApi, { schema: schemaOf('getOpenApi') }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
};

// Registered on the app itself (not an encapsulated child), so it sees the routes of every area.
Object.assign(openApiPlugin, { [Symbol.for('skip-override')]: true });
