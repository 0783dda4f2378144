import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import { codeOf, post, registrationBody, waitForMail } from './testing/client';

/** Status and body of each of `count` wrong codes for an address, each from its own client address. */
async function wrongCodeAnswers(
  app: FastifyInstance,
  email: string,
  emailAction: 'VERIFY_EMAIL' | 'RESET_PASSWORD',
  count: number,
  ipBase: string,
  code = '000000',
) {
  const answers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await post(app, 'verify', { email, code, emailAction }, { ip: `${ipBase}.${i}` });
    answers.push(`${response.statusCode} ${response.body}`);
  }
  return answers;
}

describe.each(databases())('wrong codes tell nothing about accounts on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, env: { CLIENT_EMAIL_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an address with a pending code exactly like an unknown one, up to and after the fifth wrong code', async () => {
    const pending = 'pending.code@example.com';
    expect((await post(app, 'register', registrationBody(pending))).statusCode).toBe(201);
    const [mail] = await waitForMail(app, pending);
    const wrong = codeOf(mail) === '000000' ? '111111' : '000000';

    const known = await wrongCodeAnswers(app, pending, 'VERIFY_EMAIL', 6, '10.1.0', wrong);
    const unknown = await wrongCodeAnswers(app, 'nobody.here@example.com', 'VERIFY_EMAIL', 6, '10.2.0', wrong);
    expect(known).toEqual(unknown);
    expect(known.slice(0, 4).every((a) => a.includes('"CODE_INVALID"'))).toBe(true);
    expect(known.slice(4).every((a) => a.includes('"CODE_ATTEMPTS_EXCEEDED"'))).toBe(true);
  });

  it('starts the count again after an e-mail request, for unknown addresses as a new code does for real ones', async () => {
    const email = 'ghost.reset@example.com';
    const first = await wrongCodeAnswers(app, email, 'RESET_PASSWORD', 5, '10.3.0');
    expect(first[4]).toContain('"CODE_ATTEMPTS_EXCEEDED"');
    expect((await post(app, 'request-password-reset', { email }, { ip: '10.3.9.1' })).statusCode).toBe(200);
    const again = await wrongCodeAnswers(app, email, 'RESET_PASSWORD', 1, '10.3.1');
    expect(again[0]).toContain('"CODE_INVALID"');
  });

  it('counts each purpose apart, as codes are', async () => {
    const email = 'ghost.purposes@example.com';
    await wrongCodeAnswers(app, email, 'VERIFY_EMAIL', 5, '10.4.0');
    const reset = await wrongCodeAnswers(app, email, 'RESET_PASSWORD', 1, '10.4.1');
    expect(reset[0]).toContain('"CODE_INVALID"');
  });
});
