import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContactForm, CONTACT_ANSWERS, CONTACT_FORM, CONTACT_TEXTS } from '../../../tests/fixtures/contact-form';

// The contact-us form lives in a copy of schemas/ and locales/; the server reads texts from LOCALES_DIR when it first
// translates, so the variable is set before the server is imported and put back when this file is done.
const ROOT = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'eta-submissions-'));
cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
cpSync(join(ROOT, 'locales'), join(dir, 'locales'), { recursive: true });
addContactForm(dir);
const previousLocales = process.env.LOCALES_DIR;
process.env.LOCALES_DIR = join(dir, 'locales');
const { buildTestApp, databases } = await import('../testing/harness');
const { signIn } = await import('../applications/testing/client');
const { waitForMail } = await import('../accounts/testing/client');
const { sweepSubmissions } = await import('./delivery');

afterAll(() => {
  if (previousLocales === undefined) delete process.env.LOCALES_DIR;
  else process.env.LOCALES_DIR = previousLocales;
  rmSync(dir, { recursive: true, force: true });
});

const MAILBOX = 'forms@example.org';
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const en = CONTACT_TEXTS.en;

describe.each(databases())('public form submissions on %s', (kind) => {
  let app: FastifyInstance;
  let ip = 0;
  beforeAll(async () => {
    app = await buildTestApp({
      db: kind,
      schemasDir: join(dir, 'schemas'),
      env: { FORM_SUBMISSIONS_EMAIL: MAILBOX, FORM_SUBMISSIONS_PER_HOUR: '3' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Each test sends from its own client address, so that the hourly limit is its own. */
  const send = (
    answers: unknown,
    options: { formId?: string; lang?: string; ip?: string; token?: string; body?: unknown } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/eta/forms/${options.formId ?? CONTACT_FORM}/submissions`,
      headers: {
        ...(options.lang ? { 'accept-language': options.lang } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      payload: (options.body ?? { answers }) as Record<string, unknown>,
      remoteAddress: options.ip ?? `192.0.2.${++ip}`,
    });

  const stored = (reference: string) =>
    app.db.selectFrom('form_submissions').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

  it('keeps valid answers under a reference the sender is shown, and e-mails them labelled, in page order', async () => {
    const response = await send(CONTACT_ANSWERS);
    expect(response.statusCode, response.body).toBe(201);
    const { reference, receivedAt } = response.json();
    expect(reference).toMatch(REFERENCE);
    const row = await stored(reference);
    expect(JSON.parse(row.answers)).toEqual(CONTACT_ANSWERS);
    expect(row).toMatchObject({ form_id: CONTACT_FORM, language: 'en', profile_id: null, created_at: receivedAt });

    const [mail] = await waitForMail(app, MAILBOX);
    expect(mail.subject).toBe(`${en.title}: submission ${reference}`);
    const lines = [
      en.fullName,
      CONTACT_ANSWERS.fullName,
      en.topic,
      en.PAYMENT,
      en.wantsReply,
      'Yes',
      en.email,
      CONTACT_ANSWERS.email,
      en.message,
      CONTACT_ANSWERS.message,
    ];
    const at = lines.map((line) => mail.text.indexOf(line));
    expect(
      at.every((i) => i >= 0),
      mail.text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    await expect.poll(async () => (await stored(reference)).mail_state).toBe('SENT');
  });

  it('drops the answer to a question that was not asked (the e-mail address when no reply is wanted)', async () => {
    const response = await send({ ...CONTACT_ANSWERS, wantsReply: false });
    expect(response.statusCode, response.body).toBe(201);
    const { email: _asked, ...kept } = CONTACT_ANSWERS;
    expect(JSON.parse((await stored(response.json().reference)).answers)).toEqual({ ...kept, wantsReply: false });
  });

  it('refuses answers with the messages the page shows, in the sender’s language, and keeps nothing', async () => {
    const before = await app.db.selectFrom('form_submissions').select('id').execute();
    const response = await send({ ...CONTACT_ANSWERS, email: undefined, message: ' ' }, { lang: 'fr' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual([
      expect.objectContaining({ field: 'email', key: 'validation:email.required' }),
      expect.objectContaining({ field: 'message', key: 'validation:generic.required' }),
    ]);
    const fr = (await import('../i18n')).translate;
    expect(body.fields[1].message).toBe(fr('fr', 'validation:generic.required'));
    expect(await app.db.selectFrom('form_submissions').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses fields the form does not have and bodies without answers', async () => {
    const stray = await send({ ...CONTACT_ANSWERS, passportNumber: 'X1' });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().code).toBe('VALIDATION_FAILED');
    const empty = await send(undefined, { body: { reply: true } });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 FORM_NOT_FOUND for a form with a page of its own, a step form, and no form at all', async () => {
    for (const formId of ['login', 'declarations', 'no-such-form']) {
      const response = await send({}, { formId });
      expect(response.statusCode, formId).toBe(404);
      expect(response.json()).toEqual({ error: 'There is no form with this name.', code: 'FORM_NOT_FOUND' });
    }
  });

  it('accepts FORM_SUBMISSIONS_PER_HOUR submissions per client address; refused answers do not count', async () => {
    const address = '198.51.100.7';
    expect((await send({}, { ip: address })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await send(CONTACT_ANSWERS, { ip: address })).statusCode).toBe(201);
    const limited = await send(CONTACT_ANSWERS, { ip: address, lang: 'pt' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json()).toEqual({
      error: 'Enviou este formulário demasiadas vezes na última hora. Tente novamente mais tarde.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect((await send(CONTACT_ANSWERS, { ip: '198.51.100.8' })).statusCode).toBe(201);
  });

  it('records the signed-in sender’s profile', async () => {
    const caller = await signIn(app);
    const response = await send(CONTACT_ANSWERS, { token: caller.token });
    expect((await stored(response.json().reference)).profile_id).toBe(caller.profileId);
  });

  it('housekeeping removes submissions past their retention and sends e-mails that failed before', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 91 * 24 * 60 * 60 * 1000).toISOString();
    const base = {
      form_id: CONTACT_FORM,
      answers: JSON.stringify(CONTACT_ANSWERS),
      language: 'en',
      profile_id: null,
    };
    await app.db
      .insertInto('form_submissions')
      .values([
        {
          ...base,
          id: `00000000-0000-7000-8000-${kind === 'sqlite' ? '1' : '2'}00000000001`,
          reference: 'OLD0-0001',
          created_at: old,
          mail_state: 'SENT',
          mail_attempted_at: old,
        },
        {
          ...base,
          id: `00000000-0000-7000-8000-${kind === 'sqlite' ? '1' : '2'}00000000002`,
          reference: 'PEND-0001',
          created_at: now.toISOString(),
          mail_state: 'PENDING',
          mail_attempted_at: new Date(now.getTime() - 60 * 60 * 1000).toISOString(),
        },
      ])
      .execute();
    const result = await sweepSubmissions(app, now);
    expect(result).toEqual({ removed: 1, delivered: 1 });
    expect(
      await app.db.selectFrom('form_submissions').select('id').where('reference', '=', 'OLD0-0001').execute(),
    ).toEqual([]);
    expect((await stored('PEND-0001')).mail_state).toBe('SENT');
    const messages = await waitForMail(app, MAILBOX);
    expect(messages.some((m) => m.subject.endsWith('PEND-0001'))).toBe(true);
    // A second sweep finds nothing left to do.
    expect(await sweepSubmissions(app, now)).toEqual({ removed: 0, delivered: 0 });
  });
});
