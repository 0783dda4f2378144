// @vitest-environment node
// The translators' command-line tools as a translator runs them: `npm run locales:import -- <file>`,
// `npm run locales:export -- <lng> --locales <folder>` and `npm run check:locales`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseToolArgs } from './cli-args';
import { exportUnits, toXliff } from './exchange';
import { findingLines, type LanguageReport } from './locale-check';

const ROOT = join(import.meta.dirname, '..', '..');
const shipped = process.env.LOCALES_DIR?.trim() || join(ROOT, 'locales');

/** Runs a tool as `npm run` does: in the project's folder, INIT_CWD naming where the command was typed. */
function tool(script: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'tools', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, INIT_CWD: options.cwd ?? ROOT, ...options.env },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('the translators’ tools', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const scratch = () => (dir = mkdtempSync(join(tmpdir(), 'locales-tools-')));

  it('imports the file named first, without --locales, into the portal’s locales, each file as it was', async () => {
    scratch();
    cpSync(shipped, join(dir, 'locales'), { recursive: true });
    const folder = join(dir, 'locales', 'fr');
    const before = new Map(
      readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f, readFileSync(join(folder, f), 'utf8')]),
    );
    writeFileSync(join(dir, 'fr.xlf'), await toXliff('fr', exportUnits('fr', join(dir, 'locales'))));
    for (const f of before.keys()) rmSync(join(folder, f));

    // Typed in the translator's folder, as `npm run locales:import -- fr.xlf`.
    const run = tool('locales-import.ts', ['fr.xlf'], { cwd: dir, env: { LOCALES_DIR: join(dir, 'locales') } });
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    expect(run.out).toContain(`Wrote ${folder}/ from fr.xlf.`);
    for (const [f, text] of before) expect(readFileSync(join(folder, f), 'utf8'), f).toBe(text);

    expect(parseToolArgs(['--locales', 'x', 'fr.xlf'], ['--locales']).positional).toEqual(['fr.xlf']);
    expect(parseToolArgs(['fr.xlf', '--locales', 'x'], ['--locales']).options.get('--locales')).toBe('x');
    expect(() => parseToolArgs(['fr.xlf', '--locales'], ['--locales'])).toThrow('--locales needs a value');
  }, 60000);

  it('imports a language just begun into a folder of its own, naming that folder and counting every text left', async () => {
    scratch();
    const units = exportUnits('de', shipped);
    const begun = units.map((unit, i) => (i < 20 ? { ...unit, translation: `${unit.english} (de)` } : unit));
    writeFileSync(join(dir, 'de.xlf'), await toXliff('de', begun));
    const run = tool('locales-import.ts', ['de.xlf', '--locales', 'work'], { cwd: dir });
    expect(run.out).toContain(`Wrote ${join(dir, 'work', 'de')}/ from de.xlf.`);
    const lines = run.err.trim().split('\n');
    expect(lines.every((line) => !line.includes('locales/de/'))).toBe(true);
    expect(lines.some((line) => line.includes(`${join(dir, 'work', 'de')}/`))).toBe(true);
    const left = /^todo: Texts of German not yet complete: (\d+) of (\d+),/.exec(lines.at(-1) ?? '');
    expect(left).not.toBeNull();
    // Only the texts of the first units are done: every other text, in the files begun and those missing, is left.
    expect(Number(left![2]) - Number(left![1])).toBeLessThanOrEqual(20);
    expect(Number(left![1])).toBeGreaterThan(1000);
  }, 60000);

  it('exports an unfinished language kept outside locales/, English taken from the portal, and says both counts', () => {
    scratch();
    mkdirSync(join(dir, 'work', 'de'), { recursive: true });
    writeFileSync(join(dir, 'work', 'de', 'common.json'), `${JSON.stringify({ nav: { home: 'Startseite' } })}\n`);
    const run = tool('locales-export.ts', ['de', '--locales', 'work', '--out', 'de.xlf'], { cwd: dir });
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    const [wrote, counts] = run.out.trim().split('\n');
    const total = Number(
      /: (\d+) texts for German \(de\): 1 translated, 0 still as in English, (\d+) empty\.$/.exec(wrote)?.[1],
    );
    expect(wrote.startsWith('Wrote de.xlf: ')).toBe(true);
    expect(total).toBe(exportUnits('de', join(dir, 'work'), join(shipped, 'en')).length);
    expect(total).toBeGreaterThan(1000);
    // German has two plural forms: the file has one more text per plural text than the check counts.
    expect(counts).toMatch(
      /^npm run check:locales counts \d+ texts \(\d+ complete\): it counts a text with plural forms once/,
    );
    expect(readFileSync(join(dir, 'de.xlf'), 'utf8')).toContain('<target>Startseite</target>');
  }, 60000);

  it('refuses an unknown language, and a folder that is the language’s own, with a clear message', () => {
    scratch();
    mkdirSync(join(dir, 'de'));
    writeFileSync(join(dir, 'de', 'common.json'), '{}\n');
    const unknown = tool('locales-export.ts', ['xx', '--out', join(dir, 'xx.xlf')]);
    expect(unknown.status).toBe(2);
    expect(unknown.err).toContain('"xx" is not a language to translate into');
    const inside = tool('locales-export.ts', ['de', '--locales', join(dir, 'de'), '--out', join(dir, 'de.xlf')]);
    expect(inside.status).toBe(1);
    expect(inside.err).toContain(`--locales names the folder that holds the language's folder (${dir} if`);
    expect(readdirSync(dir)).toEqual(['de']);
  }, 60000);

  it('counts the texts of a language just begun per file, and lists each one with --all', () => {
    scratch();
    cpSync(join(shipped, 'en'), join(dir, 'de'), { recursive: true });
    const summary = tool('check-locales.ts', ['de', '--locales', dir, '--no-code']);
    expect(summary.status).toBe(1);
    const lines = summary.err.trim().split('\n');
    expect(lines.length).toBeLessThan(30);
    const forms = new RegExp(`^${dir}/de/forms\\.json: \\d+ the same as English \\(texts still to translate\\)$`);
    expect(lines.filter((line) => forms.test(line))).toHaveLength(1);
    expect(lines.at(-2)).toMatch(/^Texts of German not yet complete: \d+ of \d+, counted per file above \(add --all/);
    const all = tool('check-locales.ts', ['de', '--locales', dir, '--no-code', '--all']);
    expect(all.err.trim().split('\n').length).toBeGreaterThan(1000);
    expect(all.err).toContain(`${dir}/de/forms.json: "engine.continue" is the same as English ("Continue")`);
  }, 60000);

  it('lists a few texts still to translate one by one, and a text that breaks a screen always', () => {
    const report: LanguageReport = {
      lng: 'de',
      total: 3,
      done: 0,
      findings: [
        { lng: 'de', kind: 'missing', file: 'de/a.json', key: 'x', message: 'de/a.json: "x" is missing' },
        { lng: 'de', kind: 'placeholders', file: 'de/a.json', key: 'y', message: 'de/a.json: "y" has placeholders' },
      ],
    };
    expect(findingLines(report)).toEqual(['de/a.json: "x" is missing', 'de/a.json: "y" has placeholders']);
    expect(findingLines(report, { limit: 0 })).toEqual([
      'de/a.json: "y" has placeholders',
      'de/a.json: 1 missing (texts still to translate)',
      'Texts of German not yet complete: 3 of 3, counted per file above (add --all to list each one)',
    ]);
  });
});
