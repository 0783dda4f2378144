import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, validApplicationForm, validDeclarations } from '../applications/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { printable, runOfficer } from './officer';
import { decideAll, submitWith } from './testing/client';

// The background worker stays off: the test decides when it chooses.
process.env.DECISION_POLL_SECONDS = '0';

/** A character that moves or hides text on a terminal, printed raw. */
const RAW_CONTROL = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

describe('printable', () => {
  it('writes control, separator and bidirectional characters as escapes, and leaves names of any script alone', () => {
    expect(printable('Ana\r\nAPPROVED')).toBe('Ana\\u{000D}\\u{000A}APPROVED');
    expect(printable('x\u001b[2Jy\u0085z\u202Eexe.pdf\u2028')).toBe(
      'x\\u{001B}[2Jy\\u{0085}z\\u{202E}exe.pdf\\u{2028}',
    );
    expect(printable('محمد عبد الله 小明 Zoë N’Diaye-Ångström\u00a0')).toBe(
      'محمد عبد الله 小明 Zoë N’Diaye-Ångström\u00a0',
    );
  });
});

describe.each(databases())('the case officer’s tool on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
  });
  afterAll(() => app?.close());

  const officer = async (...args: string[]) => {
    const out: string[] = [];
    const code = await runOfficer(app, args, { out: (l) => out.push(l), err: (l) => out.push(l) });
    return { code, out };
  };

  it('never prints a raw control character from stored data: a name cannot forge a line', async () => {
    const caller = await signIn(app);
    const { applicants } = await submitWith(app, caller, {
      answers: validApplicationForm(),
      declarations: validDeclarations({
        criminalConviction: true,
        criminalConvictionDetails: 'None\u0085\u202Etxt.exe\u001b[31m',
      }),
    });
    await decideAll(app);
    // A row written before names were held to the schema's characters.
    const forged = `0190aaaa-0000-7000-8000-000000000000  Eve Forged  referred 2027-01-01T00:00  NONE`;
    await app.db
      .updateTable('applicants')
      .set({ given_names: `Ana\r\n${forged}\r\n\u001b[2J`, family_name: 'Diaz\tX\u2028' })
      .where('id', '=', applicants[0])
      .execute();

    const listed = await officer('list');
    expect(listed.code).toBe(0);
    const lines = listed.out.flatMap((line) => line.split('\n'));
    expect(lines).toHaveLength(listed.out.length);
    expect(lines.filter((line) => line.startsWith(applicants[0]))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('0190aaaa'))).toBe(false);
    for (const line of lines) expect(line).not.toMatch(RAW_CONTROL);
    expect(listed.out.join('\n')).toContain(`Ana\\u{000D}\\u{000A}${forged}`);

    const shown = await officer('show', applicants[0]);
    expect(shown.code).toBe(0);
    for (const part of shown.out) {
      // The tool's own layout (the indented facts) breaks lines; nothing stored does.
      for (const line of part.split('\n')) expect(line).not.toMatch(RAW_CONTROL);
    }
    const text = shown.out.join('\n');
    expect(text).toContain('Diaz\\u{0009}X\\u{2028}');
    expect(text).toContain('None\\u0085\\u202Etxt.exe\\u001b[31m');
    expect(shown.out[0].split('\n')).toHaveLength(1);
  });
});
