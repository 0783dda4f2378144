import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';

/** The repository's OpenAPI description of the API. */
export const OPENAPI_FILE = new URL('../openapi/openapi.json', import.meta.url);

/** Serves the OpenAPI 3.1 description at GET /api/eta/openapi.json, read once at start-up. */
export const openApiRoute: FastifyPluginAsync = async (app) => {
  const document = readFileSync(OPENAPI_FILE, 'utf8');
  app.get('/api/eta/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
};
