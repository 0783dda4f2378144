import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument } from './document';

/**
 * Serves the OpenAPI 3.1 description at GET /api/eta/openapi.json, built once at start-up from openapi.json and
 * the schema files the server validates with (SCHEMAS_DIR).
 */
export const openApiRoute: FastifyPluginAsync = async (app) => {
  const document = JSON.stringify(buildOpenApiDocument(app.config.schemasDir));
  app.get('/api/eta/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
};
