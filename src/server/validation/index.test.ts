import Fastify, { type FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isValidationError, registerValidation, validationErrorBody } from './index';

async function appWith(id: string) {
  const app = Fastify();
  registerValidation(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isValidationError(error)) {
      const lang = String(request.headers['accept-language'] ?? 'en').slice(0, 2);
      return reply.code(400).send(validationErrorBody(error, lang));
    }
    return reply.code(500).send({ error: error.message });
  });
  app.post('/t', { schema: { body: { $ref: `${id}#` } } }, async (request) => ({ body: request.body }));
  await app.ready();
  return app;
}

const validRegistration = {
  title: 'MR',
  givenNames: 'Jean-Luc',
  familyName: "O'Brien",
  email: 'jean@example.org',
  mobile: { isoAlpha2Code: 'ZA', mobileNumber: '082 123 4567' },
  password: 'Secret#2024',
  confirmPassword: 'Secret#2024',
  acceptTerms: true,
};

describe('registerValidation', () => {
  it('accepts a valid registration and normalises the mobile number to E.164', async () => {
    const app = await appWith('registration');
    const res = await app.inject({ method: 'POST', url: '/t', payload: validRegistration });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.mobile).toEqual({ isoAlpha2Code: 'ZA', mobileNumber: '+27821234567' });
  });

  it('answers 400 with field paths and translated messages', async () => {
    const app = await appWith('registration');
    const res = await app.inject({
      method: 'POST',
      url: '/t',
      payload: {
        ...validRegistration,
        email: undefined,
        mobile: { isoAlpha2Code: 'ZA', mobileNumber: '12' },
        extra: 1,
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', key: 'validation:email.required', message: 'Email is required' },
        { field: 'extra', key: 'validation:generic.unknownField', message: 'This field is not expected' },
      ]),
    );
  });

  it('runs the phone rule after the schema and reports on mobile.mobileNumber, in French', async () => {
    const app = await appWith('registration');
    const res = await app.inject({
      method: 'POST',
      url: '/t',
      headers: { 'accept-language': 'fr' },
      payload: { ...validRegistration, mobile: { isoAlpha2Code: 'ZA', mobileNumber: '123 45' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      {
        field: 'mobile.mobileNumber',
        key: 'validation:mobile.invalid',
        message: 'Numéro de téléphone mobile non valide',
      },
    ]);
  });

  it('reports a confirmation that does not match', async () => {
    const app = await appWith('registration');
    const res = await app.inject({
      method: 'POST',
      url: '/t',
      payload: { ...validRegistration, confirmPassword: 'Other#2024x' },
    });
    expect(res.json().fields).toEqual([
      { field: 'confirmPassword', key: 'validation:passwords.mismatch', message: 'Passwords do not match' },
    ]);
  });

  it('answers bad JSON with the same 400 shape', async () => {
    const app = await appWith('login');
    const res = await app.inject({
      method: 'POST',
      url: '/t',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The request could not be read because it is not valid JSON',
      code: 'VALIDATION_FAILED',
      fields: [],
    });
  });

  it('validates API-only bodies such as api/verify', async () => {
    const app = await appWith('api/verify');
    const ok = await app.inject({ method: 'POST', url: '/t', payload: { email: 'a@b.co', code: '123456' } });
    expect(ok.statusCode).toBe(200);
    const both = await app.inject({
      method: 'POST',
      url: '/t',
      payload: { authKey: 'a'.repeat(32), email: 'a@b.co', code: '123456' },
    });
    expect(both.statusCode).toBe(400);
  });
});
