import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import { authKeyOf, codeOf, mailbox, post, registrationBody, waitForMail } from './testing/client';

describe.each(databases())('registration and e-mail confirmation on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates an unverified profile with a normalised address and number, and mails a link and a code', async () => {
    const response = await post(app, 'register', registrationBody('New.Person@Example.com'), {
      lang: 'fr-FR,fr;q=0.9',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ message: expect.stringContaining('new.person@example.com') });

    const row = await app.db
      .selectFrom('profiles')
      .selectAll()
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'MS',
      given_names: 'Ana Maria',
      family_name: "O'Neill",
      mobile_country: 'ZA',
      mobile_number: '+27821234567',
      email_verified: 0,
      language: 'fr',
    });
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);

    const [message] = await waitForMail(app, 'new.person@example.com');
    expect(message.subject).toBe('Confirmez votre adresse e-mail');
    expect(message.text).toMatch(/http:\/\/portal\.test\/verify-email\?authKey=[A-Za-z0-9_-]{43}/);
    expect(codeOf(message)).toMatch(/^\d{6}$/);
  });

  it('stores a mobile number typed with Arabic-Indic, Persian or full-width digits in E.164 with ASCII digits', async () => {
    const typed = {
      'arabic@example.com': '٠٨٢ ١٢٣ ٤٥٦٧',
      'persian@example.com': '۰۸۲ ۱۲۳ ۴۵۶۷',
      'wide@example.com': '０８２ １２３ ４５６７',
    };
    for (const [email, mobileNumber] of Object.entries(typed)) {
      const response = await post(
        app,
        'register',
        registrationBody(email, { mobile: { isoAlpha2Code: 'ZA', mobileNumber } }),
        {
          lang: 'ar',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      const row = await app.db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mobile_country: 'ZA', mobile_number: '+27821234567' });
    }
  });

  it('answers an existing address exactly like a new one, and tells its owner by e-mail', async () => {
    const first = await post(app, 'register', registrationBody('twice@example.com'));
    await waitForMail(app, 'twice@example.com');
    const again = await post(app, 'register', registrationBody('TWICE@example.com', { givenNames: 'Somebody' }));
    const fresh = await post(app, 'register', registrationBody('never-seen@example.com'));
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(first.body);
    expect(Object.keys(fresh.json())).toEqual(Object.keys(again.json()));

    const messages = await waitForMail(app, 'twice@example.com', 2);
    expect(messages[0].subject).toBe('You already have a profile');
    expect(messages[0].text).toContain('http://portal.test/forgot-password');
    const profiles = await app.db
      .selectFrom('profiles')
      .select('given_names')
      .where('email', '=', 'twice@example.com')
      .execute();
    expect(profiles).toEqual([{ given_names: 'Ana Maria' }]);
  });

  it('refuses a common password on the password field, in the request language', async () => {
    const response = await post(
      app,
      'register',
      registrationBody('common@example.com', { password: 'Password1!', confirmPassword: 'Password1!' }),
      {
        lang: 'fr',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.any(String),
      code: 'VALIDATION_FAILED',
      fields: [
        {
          field: 'password',
          key: 'api:password.common',
          message: 'Ce mot de passe est trop courant. Choisissez un mot de passe plus difficile à deviner.',
        },
      ],
    });
    expect(await mailbox(app, 'common@example.com')).toEqual([]);
  });

  it('refuses bad input with the validation answer shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [registrationBody('x@example.com', { acceptTerms: false }), 'acceptTerms'],
      [registrationBody('not-an-address'), 'email'],
      [registrationBody('y@example.com', { confirmPassword: 'Different-Pass-1!' }), 'confirmPassword'],
      [registrationBody('z@example.com', { password: 'short1!', confirmPassword: 'short1!' }), 'password'],
      [
        registrationBody('w@example.com', { mobile: { isoAlpha2Code: 'ZA', mobileNumber: '12' } }),
        'mobile.mobileNumber',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await post(app, 'register', body);
      expect(response.statusCode, field).toBe(400);
      const answer = response.json();
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(typeof answer.error).toBe('string');
      expect(
        answer.fields.map((f: { field: string }) => f.field),
        field,
      ).toContain(field);
    }
    expect((await post(app, 'register', { email: 'only@example.com' })).statusCode).toBe(400);
  });

  it('confirms the address with the link, once', async () => {
    await post(app, 'register', registrationBody('link@example.com'));
    const [message] = await waitForMail(app, 'link@example.com');
    const first = await post(app, 'verify', { authKey: authKeyOf(message) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Your e-mail address is confirmed. You can now sign in.' });
    const row = await app.db
      .selectFrom('profiles')
      .select('email_verified')
      .where('email', '=', 'link@example.com')
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);
    const reused = await post(app, 'verify', { authKey: authKeyOf(message) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: expect.stringContaining('not valid'), code: 'VERIFY_LINK_INVALID' });
    expect((await post(app, 'verify', { authKey: 'A'.repeat(43) })).json().code).toBe('VERIFY_LINK_INVALID');
  });

  it('confirms the address with the e-mailed code', async () => {
    await post(app, 'register', registrationBody('code@example.com'));
    const [message] = await waitForMail(app, 'code@example.com');
    const response = await post(app, 'verify', { email: 'Code@Example.com', code: codeOf(message) });
    expect(response.statusCode).toBe(200);
    expect((await post(app, 'verify', { email: 'code@example.com', code: codeOf(message) })).json().code).toBe(
      'CODE_INVALID',
    );
    expect((await post(app, 'verify', { email: 'nobody@example.com', code: '123456' })).json().code).toBe(
      'CODE_INVALID',
    );
  });

  it('kills a code after five wrong entries', async () => {
    await post(app, 'register', registrationBody('guess@example.com'));
    const [message] = await waitForMail(app, 'guess@example.com');
    const code = codeOf(message);
    const wrong = code === '999999' ? '999998' : '999999';
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await post(app, 'verify', { email: 'guess@example.com', code: wrong }, { ip: '198.51.100.5' })).json().code,
      );
    expect(codes).toEqual(['CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_ATTEMPTS_EXCEEDED']);
    const right = await post(app, 'verify', { email: 'guess@example.com', code }, { ip: '198.51.100.5' });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('refuses a body with both a key and a code, or neither', async () => {
    expect((await post(app, 'verify', {})).json().code).toBe('VALIDATION_FAILED');
    expect(
      (await post(app, 'verify', { authKey: 'A'.repeat(43), email: 'a@example.com', code: '123456' })).statusCode,
    ).toBe(400);
    expect((await post(app, 'verify', { email: 'a@example.com', code: '12ab56' })).statusCode).toBe(400);
  });

  it('expires the link after 24 hours and the code after 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
    await post(app, 'register', registrationBody('late@example.com'));
    const [message] = await waitForMail(app, 'late@example.com');
    vi.setSystemTime(new Date('2026-05-01T10:10:00Z'));
    expect((await post(app, 'verify', { email: 'late@example.com', code: codeOf(message) })).json().code).toBe(
      'CODE_INVALID',
    );
    vi.setSystemTime(new Date('2026-05-02T10:00:00Z'));
    expect((await post(app, 'verify', { authKey: authKeyOf(message) })).json().code).toBe('VERIFY_LINK_INVALID');
    vi.setSystemTime(new Date('2026-05-02T09:59:59Z'));
    expect((await post(app, 'verify', { authKey: authKeyOf(message) })).statusCode).toBe(200);
  });

  it('resends a confirmation with the same neutral answer whatever the account', async () => {
    await post(app, 'register', registrationBody('resend@example.com'));
    await waitForMail(app, 'resend@example.com');
    const known = await post(app, 'verify-email-request', { email: 'resend@example.com', emailAction: 'VERIFY_EMAIL' });
    const unknown = await post(app, 'verify-email-request', {
      email: 'ghost@example.com',
      emailAction: 'VERIFY_EMAIL',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const messages = await waitForMail(app, 'resend@example.com', 2);
    // The newest link works; the earlier one was retired when the new one was issued.
    expect((await post(app, 'verify', { authKey: authKeyOf(messages[1]) })).statusCode).toBe(400);
    expect((await post(app, 'verify', { authKey: authKeyOf(messages[0]) })).statusCode).toBe(200);
    expect(await mailbox(app, 'ghost@example.com')).toEqual([]);
    expect(
      (await post(app, 'verify-email-request', { email: 'resend@example.com', emailAction: 'LOGIN' })).statusCode,
    ).toBe(400);
  });

  it('limits e-mails to one address from one client to five an hour, leaving other clients theirs', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await post(
            app,
            'verify-email-request',
            { email: 'flood@example.com', emailAction: 'RESET_PASSWORD' },
            { ip: '192.0.2.77', lang: 'en' },
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await post(
      app,
      'verify-email-request',
      { email: 'flood@example.com', emailAction: 'RESET_PASSWORD' },
      { ip: '192.0.2.77', lang: 'en' },
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(limited.json()).toEqual({
      error: 'Too many attempts. Please try again in 60 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    // Another client (the owner, say) is not held by that one's requests.
    const elsewhere = await post(app, 'verify-email-request', {
      email: 'flood@example.com',
      emailAction: 'RESET_PASSWORD',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
