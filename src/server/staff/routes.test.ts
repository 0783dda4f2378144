import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_PATHS, STAFF_SESSION_COOKIE } from '../../shared/contract';
import { translate } from '../i18n';
import { buildTestApp } from '../testing/harness';
import { addStaff } from './accounts';
import { MOST_FAILURES } from './sessions';
import type { StaffRole } from './roles';

const operator = { staffId: null, name: 'command line (operator)' };

/** The code the member's authenticator shows `stepsAhead` time steps from now (each sign-in takes a new one). */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

describe('the staff’s calls', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  const add = (email: string, roles: StaffRole[], languages?: string[]) =>
    addStaff(app.repositories.staff, { email, roles, languages }, operator, new Date());

  const signIn = (body: Record<string, string>) =>
    app.inject({ method: 'POST', url: STAFF_PATHS.session, payload: body });

  /** The session cookie a sign-in answered, as the browser sends it back. */
  const cookieOf = (answer: { cookies: { name: string; value: string }[] }) => {
    const cookie = answer.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    return cookie ? `${STAFF_SESSION_COOKIE}=${cookie.value}` : '';
  };

  it('sign in with the password and the code, for a session cookie only the server reads', async () => {
    const admin = await add('admin@example.com', ['administrator']);
    const answer = await signIn({
      email: 'Admin@Example.com',
      password: admin.password,
      code: await codeOf(admin.totpSecret),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ email: 'admin@example.com', roles: ['administrator'], languages: [] });
    const header = String(answer.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${STAFF_SESSION_COOKIE.replace('.', '\\.')}=`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Secure');
    const me = await app.inject({ method: 'GET', url: STAFF_PATHS.session, headers: { cookie: cookieOf(answer) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'admin@example.com' });
  });

  it('refuse a wrong code, a wrong password and an unknown address with one answer that names none of them', async () => {
    const editor = await add('editor@example.com', ['editor']);
    const code = await codeOf(editor.totpSecret);
    const answers = await Promise.all([
      signIn({ email: 'editor@example.com', password: editor.password, code: code === '000000' ? '111111' : '000000' }),
      signIn({ email: 'editor@example.com', password: 'not the password', code }),
      signIn({ email: 'nobody@example.com', password: editor.password, code }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        code: 'STAFF_SIGN_IN_REFUSED',
        error: translate('en', 'api:staff.signInRefused'),
      });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('take a code once: the same code again is refused', async () => {
    const editor = await add('editor@example.com', ['editor']);
    const body = { email: 'editor@example.com', password: editor.password, code: await codeOf(editor.totpSecret) };
    expect((await signIn(body)).statusCode).toBe(200);
    expect((await signIn(body)).statusCode).toBe(401);
  });

  it(`refuse an address after ${MOST_FAILURES} refused sign-ins, even with everything right, and say when to try again`, async () => {
    const editor = await add('editor@example.com', ['editor']);
    for (let i = 0; i < MOST_FAILURES; i++) {
      expect((await signIn({ email: 'editor@example.com', password: 'wrong', code: '123456' })).statusCode).toBe(401);
    }
    const locked = await signIn({
      email: 'editor@example.com',
      password: editor.password,
      code: await codeOf(editor.totpSecret),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('STAFF_SIGN_IN_LOCKED');
    expect(locked.json().error).toBe(translate('en', 'api:staff.signInLocked', { minutes: 15 }));
    expect(locked.headers['retry-after']).toBe('900');
  });

  it('answer a badly formed sign-in with the fields at fault', async () => {
    const answer = await signIn({ email: 'editor@example.com' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuse every call but sign-in without a session, and after sign-out', async () => {
    for (const url of [STAFF_PATHS.session, STAFF_PATHS.audit, STAFF_PATHS.versions]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().code).toBe('STAFF_SESSION_REQUIRED');
    }
    const admin = await add('admin@example.com', ['administrator']);
    const cookie = cookieOf(
      await signIn({ email: 'admin@example.com', password: admin.password, code: await codeOf(admin.totpSecret) }),
    );
    const out = await app.inject({ method: 'DELETE', url: STAFF_PATHS.session, headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await app.inject({ method: 'GET', url: STAFF_PATHS.session, headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('show the audit trail to administrators only, with the sign-ins and sign-outs in it', async () => {
    const admin = await add('admin@example.com', ['administrator']);
    const editor = await add('editor@example.com', ['editor']);
    const adminCookie = cookieOf(
      await signIn({ email: 'admin@example.com', password: admin.password, code: await codeOf(admin.totpSecret) }),
    );
    const editorCookie = cookieOf(
      await signIn({ email: 'editor@example.com', password: editor.password, code: await codeOf(editor.totpSecret) }),
    );
    const refused = await app.inject({ method: 'GET', url: STAFF_PATHS.audit, headers: { cookie: editorCookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STAFF_ROLE_REQUIRED');
    const audit = await app.inject({ method: 'GET', url: STAFF_PATHS.audit, headers: { cookie: adminCookie } });
    expect(audit.statusCode).toBe(200);
    const actions = (audit.json() as { action: string; subject: string }[]).map((e) => `${e.action} ${e.subject}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.signed-in admin@example.com',
        'staff.signed-in editor@example.com',
        'staff.added admin@example.com',
      ]),
    );
  });

  it('list the configuration’s versions and drafts for those who change it, not for officers', async () => {
    const officer = await add('officer@example.com', ['officer']);
    const translator = await add('translator@example.com', ['translator'], ['fr']);
    const cookie = async (member: typeof officer, email: string) =>
      cookieOf(await signIn({ email, password: member.password, code: await codeOf(member.totpSecret) }));
    const asOfficer = await app.inject({
      method: 'GET',
      url: STAFF_PATHS.versions,
      headers: { cookie: await cookie(officer, 'officer@example.com') },
    });
    expect(asOfficer.statusCode).toBe(403);
    const asTranslator = await app.inject({
      method: 'GET',
      url: STAFF_PATHS.versions,
      headers: { cookie: await cookie(translator, 'translator@example.com') },
    });
    expect(asTranslator.statusCode).toBe(200);
    expect(asTranslator.json()).toEqual({ versions: expect.any(Array), drafts: [] });
  });
});
