import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../mail/smtp-sink';
import { buildTestApp } from '../testing/harness';
import { STRONG_PASSWORD, post, registrationBody } from './testing/client';

describe('account e-mails through a real SMTP server', () => {
  let sink: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await buildTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://portal.test' } });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  it('sends the verification link and code, which both work, then the reset link', async () => {
    expect((await post(app, 'register', registrationBody('smtp.user@example.com'))).statusCode).toBe(201);
    const [verification] = await sink.waitFor(1);
    expect(verification.to).toEqual(['smtp.user@example.com']);
    const text = decodeQuotedPrintable(verification.raw);
    const link = /http:\/\/portal\.test\/verify-email\?authKey=([\w-]{43})/.exec(text);
    const code = /enter this code on the confirmation page: (\d{6})/.exec(text);
    expect(link).not.toBeNull();
    expect(code).not.toBeNull();

    expect((await post(app, 'verify', { email: 'smtp.user@example.com', code: code![1] })).statusCode).toBe(200);
    expect((await post(app, 'login', { email: 'smtp.user@example.com', password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );

    await post(app, 'request-password-reset', { email: 'smtp.user@example.com' });
    const messages = await sink.waitFor(2);
    const reset = decodeQuotedPrintable(messages[1].raw);
    expect(reset).toContain('Subject: Reset your password');
    expect(reset).toMatch(/http:\/\/portal\.test\/reset-password\?authKey=[\w-]{43}/);
  });
});
