import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_PATHS, STAFF_SESSION_COOKIE } from '../../shared/contract';
import { translate } from '../i18n';
import { buildTestApp } from '../testing/harness';
import { addStaff } from './accounts';
import { readAudit } from './audit';
import type { StaffRole } from './roles';

const operator = { staffId: null, name: 'command line (operator)' };
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

describe('staff accounts changed by an administrator', () => {
  let app: FastifyInstance;
  let admin: string;

  beforeEach(async () => {
    app = await buildTestApp();
    admin = await cookieOf('admin@example.com', ['administrator']);
  });
  afterEach(() => app.close());

  /** A member added by the operator's command and signed in: their session's cookie. */
  async function cookieOf(email: string, roles: StaffRole[]): Promise<string> {
    const made = await addStaff(app.repositories.staff, { email, roles }, operator, new Date());
    const answer = await app.inject({
      method: 'POST',
      url: STAFF_PATHS.session,
      payload: { email, password: made.password, code: await codeOf(made.totpSecret) },
    });
    const cookie = answer.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    return `${STAFF_SESSION_COOKIE}=${cookie?.value}`;
  }

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie, 'accept-language': 'fr' }, ...(payload ? { payload } : {}) });

  it('add a member, whose password and authenticator key are answered once and who can then sign in', async () => {
    const added = await call('POST', STAFF_PATHS.accounts, admin, {
      email: 'Translator@Example.com',
      roles: ['translator'],
      languages: ['fr'],
    });
    expect(added.statusCode).toBe(201);
    const body = added.json();
    expect(body.member).toMatchObject({ email: 'translator@example.com', roles: ['translator'], languages: ['fr'] });
    expect(body.totpAddress).toContain(`secret=${body.totpSecret}`);
    const signIn = await app.inject({
      method: 'POST',
      url: STAFF_PATHS.session,
      payload: { email: 'translator@example.com', password: body.password, code: await codeOf(body.totpSecret) },
    });
    expect(signIn.statusCode).toBe(200);
    const list = await call('GET', STAFF_PATHS.accounts, admin);
    expect(list.json().map((m: { email: string }) => m.email)).toEqual(['admin@example.com', 'translator@example.com']);
    // Recorded as the administrator's action, the password never in it.
    const [entry] = await readAudit(app.repositories.staff, { subject: 'translator@example.com' }).then((all) =>
      all.filter((e) => e.action === 'staff.added'),
    );
    expect(entry).toMatchObject({ actor: 'admin@example.com', detail: { roles: ['translator'], languages: ['fr'] } });
    expect(JSON.stringify(await readAudit(app.repositories.staff, {}))).not.toContain(body.password);
  });

  it('refuse a translator without languages and an address taken, at the answer at fault, in the caller’s language', async () => {
    const noLanguage = await call('POST', STAFF_PATHS.accounts, admin, {
      email: 'x@example.com',
      roles: ['translator'],
    });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json()).toMatchObject({
      code: 'STAFF_CHANGE_REFUSED',
      error: translate('fr', 'api:staff.refusals.translator-languages'),
      fields: [{ field: 'languages', key: 'api:staff.refusals.translator-languages' }],
    });
    const taken = await call('POST', STAFF_PATHS.accounts, admin, { email: 'admin@example.com', roles: ['editor'] });
    expect(taken.json().fields).toEqual([
      expect.objectContaining({ field: 'email', message: translate('fr', 'api:staff.refusals.already-exists') }),
    ]);
  });

  it('change roles and disable an account, which ends its sessions; never the administrator’s own', async () => {
    const editor = await cookieOf('editor@example.com', ['editor']);
    const changed = await call('PUT', STAFF_PATHS.accountRoles, admin, {
      email: 'editor@example.com',
      roles: ['editor', 'publisher'],
    });
    expect(changed.json()).toMatchObject({ roles: ['editor', 'publisher'] });
    expect((await call('GET', STAFF_PATHS.session, editor)).json().roles).toEqual(['editor', 'publisher']);

    const disabled = await call('POST', STAFF_PATHS.accountDisable, admin, { email: 'editor@example.com' });
    expect(disabled.statusCode).toBe(200);
    expect((await call('GET', STAFF_PATHS.session, editor)).statusCode).toBe(401);

    for (const [url, payload] of [
      [STAFF_PATHS.accountDisable, { email: 'admin@example.com' }],
      [STAFF_PATHS.accountRoles, { email: 'admin@example.com', roles: ['editor'] }],
    ] as const) {
      const own = await call(url === STAFF_PATHS.accountRoles ? 'PUT' : 'POST', url, admin, payload);
      expect(own.statusCode).toBe(400);
      expect(own.json().error).toBe(translate('fr', 'api:staff.refusals.own-account'));
    }
    expect((await call('GET', STAFF_PATHS.session, admin)).json().roles).toEqual(['administrator']);
  });

  it('let none but administrators see or change accounts', async () => {
    const editor = await cookieOf('editor@example.com', ['editor', 'publisher']);
    expect((await call('GET', STAFF_PATHS.accounts, editor)).statusCode).toBe(403);
    const add = await call('POST', STAFF_PATHS.accounts, editor, { email: 'x@example.com', roles: ['administrator'] });
    expect(add.statusCode).toBe(403);
    expect((await app.repositories.staff.accountByEmail('x@example.com')) ?? null).toBeNull();
  });
});
