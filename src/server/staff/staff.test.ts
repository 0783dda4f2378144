import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { readAudit } from './audit';
import { addStaff, disableStaff, setRoles, StaffError } from './accounts';
import { runStaffCommand } from './commands';
import { staffRepository, type StaffRepository } from './repository';
import {
  FAILURE_WINDOW_MINUTES,
  IDLE_MINUTES,
  LONGEST_HOURS,
  MOST_FAILURES,
  signInStaff,
  signOutStaff,
  staffOfSession,
} from './sessions';

const operator = { staffId: null, name: 'command line (operator)' };
const start = new Date(Date.UTC(2026, 11, 6, 9, 0, 0));
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

describe.each(databases())('staff accounts (%s)', (kind) => {
  let testDb: TestDb;
  let repository: StaffRepository;
  let editor: Awaited<ReturnType<typeof addStaff>>;

  beforeEach(async () => {
    testDb = await createTestDb(kind);
    repository = staffRepository(testDb.db);
    editor = await addStaff(
      repository,
      { email: ' Editor@Example.com ', roles: ['editor', 'publisher'] },
      operator,
      start,
    );
  });
  afterEach(() => testDb.close());

  const signIn = async (at: Date, overrides: Partial<{ email: string; password: string; code: string }> = {}) =>
    signInStaff(
      repository,
      {
        email: 'editor@example.com',
        password: editor.password,
        code: await codeAt(editor.totpSecret, at),
        ...overrides,
      },
      at,
    );

  it('signs in with the password and the authenticator’s code, for a session that knows the member and roles', async () => {
    const outcome = await signIn(later(1));
    expect(outcome).toMatchObject({
      signedIn: true,
      member: { email: 'editor@example.com', roles: ['editor', 'publisher'] },
    });
    if (!outcome.signedIn) return;
    expect(await staffOfSession(repository, outcome.sessionKey, later(2))).toMatchObject({
      email: 'editor@example.com',
    });
    expect(editor.totpAddress).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  });

  it('refuses a wrong password, a wrong code, a code taken before and an unknown address alike', async () => {
    const at = later(1);
    expect(await signIn(at, { password: 'not-it' })).toEqual({ signedIn: false, reason: 'wrong' });
    expect(await signIn(at, { code: '000000' })).toEqual({ signedIn: false, reason: 'wrong' });
    expect(await signIn(at, { email: 'nobody@example.com' })).toEqual({ signedIn: false, reason: 'wrong' });
    expect((await signIn(at)).signedIn).toBe(true);
    // The same code again (someone who saw it): refused.
    expect(await signIn(at)).toEqual({ signedIn: false, reason: 'wrong' });
    const refused = (await readAudit(repository, {})).filter((entry) => entry.action === 'staff.sign-in-refused');
    expect(refused.map((entry) => entry.detail.why).sort()).toEqual(['code', 'code', 'password', 'unknown address']);
  });

  it(`stops trying an address after ${MOST_FAILURES} refusals until ${FAILURE_WINDOW_MINUTES} minutes have passed`, async () => {
    for (let i = 0; i < MOST_FAILURES; i++) await signIn(later(1), { password: `wrong-${i}` });
    expect(await signIn(later(2))).toEqual({ signedIn: false, reason: 'too-many' });
    expect((await signIn(later(1 + FAILURE_WINDOW_MINUTES + 1))).signedIn).toBe(true);
  });

  it(`ends a session after ${IDLE_MINUTES} idle minutes, and after ${LONGEST_HOURS} hours however used`, async () => {
    const first = await signIn(later(0));
    if (!first.signedIn) throw new Error('not signed in');
    expect(await staffOfSession(repository, first.sessionKey, later(IDLE_MINUTES - 1))).toBeDefined();
    expect(await staffOfSession(repository, first.sessionKey, later(2 * IDLE_MINUTES - 2))).toBeDefined();
    expect(await staffOfSession(repository, first.sessionKey, later(3 * IDLE_MINUTES))).toBeUndefined();
    const second = await signIn(later(200));
    if (!second.signedIn) throw new Error('not signed in');
    for (let minute = 220; minute < 200 + LONGEST_HOURS * 60; minute += 20) {
      expect(await staffOfSession(repository, second.sessionKey, later(minute))).toBeDefined();
    }
    expect(await staffOfSession(repository, second.sessionKey, later(200 + LONGEST_HOURS * 60 + 1))).toBeUndefined();
  });

  it('ends the sessions of a disabled account, which can no longer sign in; a sign-out ends a session', async () => {
    const outcome = await signIn(later(1));
    if (!outcome.signedIn) throw new Error('not signed in');
    await disableStaff(repository, 'EDITOR@example.com', operator, later(2));
    expect(await staffOfSession(repository, outcome.sessionKey, later(3))).toBeUndefined();
    expect(await signIn(later(4))).toEqual({ signedIn: false, reason: 'wrong' });

    const translator = await addStaff(
      repository,
      { email: 't@example.com', roles: ['translator'], languages: ['fr'] },
      operator,
      later(5),
    );
    const signedIn = await signInStaff(
      repository,
      { email: 't@example.com', password: translator.password, code: await codeAt(translator.totpSecret, later(6)) },
      later(6),
    );
    if (!signedIn.signedIn) throw new Error('not signed in');
    await signOutStaff(repository, signedIn.sessionKey, later(7));
    expect(await staffOfSession(repository, signedIn.sessionKey, later(8))).toBeUndefined();
  });

  it('refuses roles that do not exist, a translator without languages and a second account for an address', async () => {
    await expect(addStaff(repository, { email: 'x@example.com', roles: ['editr'] }, operator, start)).rejects.toThrow(
      'Unknown role editr',
    );
    await expect(
      addStaff(repository, { email: 'x@example.com', roles: ['translator'] }, operator, start),
    ).rejects.toThrow(StaffError);
    await expect(
      addStaff(repository, { email: 'EDITOR@example.com', roles: ['editor'] }, operator, start),
    ).rejects.toThrow('already has a staff account');
  });

  it('records who did what, to whom, with the difference, and reads it back newest first', async () => {
    await setRoles(repository, 'editor@example.com', { roles: ['editor'] }, operator, later(1));
    const entries = await readAudit(repository, { subject: 'editor@example.com' });
    expect(entries.map(({ actor, action, detail }) => ({ actor, action, detail }))).toEqual([
      {
        actor: 'command line (operator)',
        action: 'staff.roles-changed',
        detail: {
          before: { roles: ['editor', 'publisher'], languages: [] },
          after: { roles: ['editor'], languages: [] },
        },
      },
      {
        actor: 'command line (operator)',
        action: 'staff.added',
        detail: { roles: ['editor', 'publisher'], languages: [] },
      },
    ]);
  });

  it('is managed from the command line', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const run = (...argv: string[]) =>
      runStaffCommand(argv, {
        db: testDb.db,
        actor: operator,
        now: () => later(10),
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
    expect(await run('add', 'admin@example.com', '--role', 'administrator')).toBe(0);
    expect(out[0]).toBe('Added admin@example.com (administrator).');
    expect(out[1]).toMatch(/^Password \(give it to them, it is not shown again\): [\w-]{29}$/);
    out.length = 0;
    expect(await run('list')).toBe(0);
    expect(out).toEqual(['admin@example.com  administrator', 'editor@example.com  editor, publisher']);
    expect(await run('add', 'x@example.com', '--role', 'boss')).toBe(1);
    expect(err.at(-1)).toContain('Unknown role boss');
    expect(await run('disable')).toBe(2);
    out.length = 0;
    expect(await run('audit', '--limit', '1')).toBe(0);
    expect(out).toEqual([
      `${later(10).toISOString()}  command line (operator)  staff.added  admin@example.com  {"roles":["administrator"],"languages":[]}`,
    ]);
  });
});
