// @vitest-environment node
// The config promise, API side: the field added in JSON only reaches the server and is validated there.
import '@/engine/testing/forms-loaded';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerValidation, validationErrorBody } from '@/server/validation/index';
import { makeEditedCopy, registrationExample } from './config-promise-fixture';

let dir: string;
beforeAll(() => {
  dir = makeEditedCopy();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a field added in configuration only', () => {
  it('reaches the API, which accepts it and rejects a bad value with the same message', async () => {
    const app = Fastify();
    registerValidation(app, { schemasDir: join(dir, 'schemas') });
    app.setErrorHandler((error: FastifyError, _request, reply) =>
      reply.code(400).send(validationErrorBody(error, 'en')),
    );
    app.post('/register', { schema: { body: { $ref: 'registration#' } } }, async (request) => request.body);
    await app.ready();
    const body = { ...registrationExample(dir), nickname: 'Bob' };
    const ok = await app.inject({ method: 'POST', url: '/register', payload: body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().nickname).toBe('Bob');
    const bad = await app.inject({ method: 'POST', url: '/register', payload: { ...body, nickname: 'B0b' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      {
        field: 'nickname',
        key: 'validation:name.invalid',
        message: 'Only letters, spaces, apostrophes, and hyphens are allowed',
      },
    ]);
    await app.close();
  });
});
