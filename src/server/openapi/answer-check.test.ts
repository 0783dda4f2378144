import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/contract';
import { buildTestApp } from '../testing/harness';

/** A route that declares a Message answer for 200, then answers what the query asks. */
const declared: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { answer?: string } }>(
    '/api/test/declared',
    {
      schema: {
        operationId: 'declaredForTest',
        response: {
          200: { description: 'A message.', content: { 'application/json': { schema: { $ref: 'Message#' } } } },
        },
      },
    },
    async (request, reply) => {
      if (request.query.answer === 'extra') return { message: 'hello', extra: true };
      if (request.query.answer === 'created') return reply.code(201).send({ message: 'hello' });
      return { message: 'hello' };
    },
  );
};

describe('the answers a route declares', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ plugins: [declared] });
  });
  afterAll(async () => {
    await app.close();
  });

  it('are sent as they are when they match the declaration', async () => {
    const response = await app.inject({ url: '/api/test/declared' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(JSON.stringify({ message: 'hello' }));
  });

  it('fail the request in tests when the answer is not as declared, or its status is not declared', async () => {
    for (const answer of ['extra', 'created']) {
      const response = await app.inject({ url: `/api/test/declared?answer=${answer}` });
      expect(response.statusCode, answer).toBe(500);
      expect(response.json().code, answer).toBe(ERROR_CODES.internal);
    }
  });
});
