import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../applications/testing/client';
import { clientErrorResponse } from '../http/framework-errors';
import { nestedJson } from '../http/testing/bodies';
import { buildTestApp, TEST_SCHEMAS_DIR } from '../testing/harness';
import {
  buildOpenApiDocument,
  expectDocumented,
  openApiAjv as ajv,
  openApiDocument as doc,
  type Json,
} from './testing/conformance';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every documented operation with its request body component, if it has one. */
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    path,
    method,
    operation: item[method] as Json,
    // A file upload's body is multipart/form-data, with no JSON body component.
    body: (item[method].requestBody?.content['application/json']?.schema.$ref as string | undefined)?.split('/').pop(),
  })),
);

const componentSchema = (name: string) => ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
const examplesFile = (id: string): { valid: Json[]; invalid: { data: Json; errors: Record<string, string> }[] } =>
  JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, `${id}.examples.json`), 'utf8'));

/** Every `x-rules` entry anywhere in a schema. */
function rulesIn(node: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(node)) node.forEach((item) => rulesIn(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-rules' && Array.isArray(value)) found.push(...value);
      else rulesIn(value, found);
    }
  }
  return found;
}

/** Sends raw bytes to a listening server and answers everything it writes back before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

describe('request bodies in the OpenAPI description', () => {
  const generated = Object.entries(doc.components.schemas as Json).filter(
    ([, schema]) => typeof schema['x-schema-file'] === 'string',
  );

  it('are generated from the schema files the server validates with, for every body that has one', async () => {
    expect(generated.map(([name]) => name).sort()).toEqual(
      [
        'ApplicantRequest',
        'CaptureSessionAction',
        'CaptureSessionRequest',
        'ChangePasswordRequest',
        'CreateApplicationRequest',
        'EmailRequest',
        'ForgotPasswordRequest',
        'LoginRequest',
        'LogoutRequest',
        'ProfileUpdateRequest',
        'RefreshRequest',
        'RegistrationRequest',
        'ResetPasswordRequest',
        'VerifyRequest',
      ].sort(),
    );
    const source = JSON.parse(readFileSync(new URL('./openapi.json', import.meta.url), 'utf8'));
    for (const [name] of generated) {
      // The hand-written file keeps only the words: no hand copy of a schema to drift from the server.
      expect(
        Object.keys(source.components.schemas[name]).filter(
          (key) => !['x-schema-file', 'description', 'properties'].includes(key),
        ),
        name,
      ).toEqual([]);
    }
    // A schema folder with an edited form changes the served description with it.
    expect((await buildOpenApiDocument()).components.schemas.LoginRequest).toEqual(doc.components.schemas.LoginRequest);
  });

  it('are as strict as the server: names, password composition, tokens, and the rules across fields said in words', () => {
    const registration = componentSchema('RegistrationRequest');
    const valid = examplesFile('registration').valid[0];
    expect(registration(valid)).toBe(true);
    for (const change of [
      { givenNames: 'R2-D2' },
      { familyName: '   ' },
      { password: 'alllowercase-1!', confirmPassword: 'alllowercase-1!' },
      { password: 'NoDigits-Here!', confirmPassword: 'NoDigits-Here!' },
      { password: 'NoSpecial123A', confirmPassword: 'NoSpecial123A' },
      { mobile: { isoAlpha2Code: 'za', mobileNumber: '0821234567' } },
      { mobile: { isoAlpha2Code: 'ZA', mobileNumber: 'not a number' } },
    ]) {
      expect(registration({ ...valid, ...change }), JSON.stringify(change)).toBe(false);
    }
    const described = JSON.stringify(doc.components.schemas.RegistrationRequest);
    expect(described).toContain('confirmPassword must equal password.');
    expect(described).toContain('mobileNumber must be a valid mobile number of the country isoAlpha2Code');
    expect(JSON.stringify(doc.components.schemas.ApplicantRequest)).toContain(
      'dateOfBirth must be a date in the past.',
    );
    expect(JSON.stringify(doc.components.schemas.ResetPasswordRequest)).toContain(
      'confirmPassword must equal newPassword.',
    );
    expect(componentSchema('RefreshRequest')({ refreshToken: 'spaces are not a token!' })).toBe(false);
    expect(componentSchema('VerifyRequest')({ authKey: 'not/base64url/at/all' })).toBe(false);
    expect(componentSchema('VerifyRequest')({ email: 'ana@example.com', code: '12345' })).toBe(false);
    expect(
      componentSchema('VerifyRequest')({ authKey: 'q8Zr3K0bW1xYt5uV7n2Ls9Pe4Md6Hc0A', email: 'ana@example.com' }),
    ).toBe(false);
  });

  it('refuse every invalid example of their schema files, or say the rule across fields that refuses it', () => {
    for (const [name, schema] of generated) {
      const id = String(schema['x-schema-file'])
        .replace(/^schemas\//, '')
        .replace(/\.schema\.json$/, '');
      const rules = rulesIn(schema).map((rule) => rule.message);
      const validate = componentSchema(name);
      for (const { data, errors } of examplesFile(id).invalid) {
        if (validate(data))
          expect(
            Object.values(errors).some((key) => rules.includes(key)),
            `${name} accepts ${JSON.stringify(data)}`,
          ).toBe(true);
      }
    }
  });
});

describe('the OpenAPI description against the running server', () => {
  let app: FastifyInstance;
  let port: number;
  const boom: FastifyPluginAsync = async (scope) => {
    scope.get('/api/test/boom', async () => {
      throw new Error('a failure the caller must not see');
    });
    scope.get('/api/test/database-down', async () => {
      // What the PostgreSQL driver throws when the server refuses connections (a restart or fail-over).
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
  };
  beforeAll(async () => {
    app = await buildTestApp({ plugins: [boom], bodyLimit: 64 * 1024 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('accepts every documented request example', async () => {
    const caller = await signIn(app);
    let tried = 0;
    for (const { path, method, body } of operations) {
      if (!body) continue;
      const examples = (doc.components.schemas[body].examples ?? []) as Json[];
      expect(examples.length, `${method} ${path} documents examples of ${body}`).toBeGreaterThan(0);
      const validate = componentSchema(body);
      for (const example of examples) {
        expect(
          validate(example),
          `${body} example ${JSON.stringify(example)}: ${JSON.stringify(validate.errors)}`,
        ).toBe(true);
        const response = await app.inject({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{\w+\}/g, randomUUID()),
          headers: { authorization: `Bearer ${caller.token}` },
          payload: example,
        });
        const answer = response.json();
        expect(
          ['VALIDATION_FAILED', 'BAD_REQUEST'],
          `${method} ${path} refused ${JSON.stringify(example)}: ${response.body}`,
        ).not.toContain(answer.code);
        expect(response.statusCode, `${method} ${path}`).toBeLessThan(500);
        expectDocumented(path, method, response);
        tried++;
      }
    }
    expect(tried).toBeGreaterThanOrEqual(13);
  });

  it('sends exactly the documented error answers given before any route', async () => {
    const documented = (name: string) =>
      doc.components.responses[name].content['application/json'].examples as Record<string, { value: Json }>;
    const json = { 'content-type': 'application/json' };
    const provoked: Record<
      string,
      {
        status: number;
        send: () => Promise<{ statusCode: number; headers: Json; json(): Json }>;
        path?: [string, string];
      }
    > = {
      'BadRequest.malformedJson': {
        status: 400,
        path: ['/api/eta/profile/login', 'post'],
        send: () => app.inject({ method: 'POST', url: '/api/eta/profile/login', headers: json, payload: '{"email": ' }),
      },
      'BadRequest.bodyTooComplex': {
        status: 400,
        path: ['/api/eta/profile/register', 'post'],
        send: () =>
          app.inject({ method: 'POST', url: '/api/eta/profile/register', headers: json, payload: nestedJson(1000) }),
      },
      'PayloadTooLarge.tooLarge': {
        status: 413,
        path: ['/api/eta/profile/login', 'post'],
        send: () =>
          app.inject({
            method: 'POST',
            url: '/api/eta/profile/login',
            headers: json,
            payload: JSON.stringify({ email: 'x'.repeat(70_000) }),
          }),
      },
      'UriTooLong.parameterTooLong': {
        status: 414,
        path: ['/api/eta/applications/{guid}', 'get'],
        send: () => app.inject({ url: `/api/eta/applications/${'x'.repeat(101)}` }),
      },
      'MethodNotAllowed.otherMethod': {
        status: 405,
        send: () => app.inject({ method: 'DELETE', url: '/api/eta/profile' }),
      },
      'NotFound.unknownPath': { status: 404, send: () => app.inject({ method: 'POST', url: '/api/eta/nothing-here' }) },
      'InternalError.failure': { status: 500, send: () => app.inject({ url: '/api/test/boom' }) },
      'ServiceUnavailable.unavailable': { status: 503, send: () => app.inject({ url: '/api/test/database-down' }) },
      'HeadersTooLarge.tooLarge': {
        status: 431,
        send: async () => {
          const raw = await rawExchange(
            port,
            `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`,
          );
          return {
            statusCode: Number(raw.split(' ')[1]),
            headers: {},
            json: () => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)),
          };
        },
      },
      'RequestTimeout.slow': {
        status: 408,
        // What the server writes on a connection whose request stopped arriving (its timeout is minutes long).
        send: async () => {
          const raw = clientErrorResponse(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }));
          return {
            statusCode: Number(raw.split(' ')[1]),
            headers: {},
            json: () => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)),
          };
        },
      },
    };
    const names = Object.entries(doc.components.responses as Json).flatMap(([name, response]) =>
      Object.keys(response.content?.['application/json']?.examples ?? {}).map((example) => `${name}.${example}`),
    );
    expect(names.sort()).toEqual(Object.keys(provoked).sort());
    for (const name of names) {
      const [response, example] = name.split('.');
      const { status, send, path } = provoked[name];
      const answer = await send();
      expect(answer.statusCode, name).toBe(status);
      // Server errors carry the request's id (X-Request-Id) in their body too.
      const { requestId, ...body } = answer.json() as Json;
      expect(body, name).toEqual(documented(response)[example].value);
      expect(requestId, name).toBe(status >= 500 ? answer.headers['x-request-id'] : undefined);
      const schema = ajv.compile({
        $ref: `openapi#/components/responses/${response}/content/application~1json/schema`,
      });
      expect(schema(answer.json()), name).toBe(true);
      if (path) expectDocumented(path[0], path[1], answer as never);
    }
    expect((await provoked['MethodNotAllowed.otherMethod'].send()).headers.allow).toBe('GET, HEAD, PATCH');
  });

  it('documents the answers given before a route on every operation that can receive them', () => {
    for (const { path, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).toContain('500');
      if (operation.requestBody) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413']));
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '414']));
    }
  });
});
