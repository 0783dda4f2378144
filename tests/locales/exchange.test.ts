import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits, fromCsv, fromXliff, importLanguage, toCsv, toXliff } from './exchange';

const fixtures = join(import.meta.dirname, 'fixtures');

describe('translators exchange files', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const scratch = () => {
    dir = mkdtempSync(join(tmpdir(), 'locales-exchange-'));
    cpSync(fixtures, dir, { recursive: true });
    return dir;
  };

  it('exports every text a language needs, plural forms expanded to its CLDR categories, with English and a note', () => {
    const units = exportUnits('ar', fixtures);
    expect(units.filter((u) => u.key.startsWith('minutes_')).map((u) => u.key)).toEqual([
      'minutes_zero',
      'minutes_one',
      'minutes_two',
      'minutes_few',
      'minutes_many',
      'minutes_other',
    ]);
    expect(units.find((u) => u.key === 'minutes_two')).toMatchObject({ english: '{{count}} minutes', translation: 'دقيقتان' });
    expect(units.find((u) => u.key === 'greeting')?.note).toBe('Keep {{name}} as written.');
    expect(units.find((u) => u.key === 'minutes_few')?.note).toContain('Plural form "few" of Arabic');
  });

  it('round-trips a language through CSV and XLIFF 2.0 into the same files', async () => {
    const root = scratch();
    const before = readFileSync(join(root, 'ar', 'common.json'), 'utf8');
    const units = exportUnits('ar', root);
    const csv = toCsv('ar', units);
    expect(csv.split('\r\n')[0]).toBe('key,en,ar,note');
    const fromCsvFile = fromCsv(csv);
    expect(fromCsvFile).toEqual({ lng: 'ar', units });
    const xml = await toXliff('ar', units);
    expect(xml).toContain('srcLang="en" trgLang="ar"');
    const fromXliffFile = await fromXliff(xml);
    expect(fromXliffFile.lng).toBe('ar');
    rmSync(join(root, 'ar'), { recursive: true });
    const { report, written } = importLanguage('ar', fromXliffFile.units, root);
    expect(written).toBe(true);
    expect(report.findings).toEqual([]);
    expect(JSON.parse(readFileSync(join(root, 'ar', 'common.json'), 'utf8'))).toEqual(JSON.parse(before));
  });

  it('refuses a file that changes a placeholder, writing nothing, and lists what is still to translate', () => {
    const root = scratch();
    const units = exportUnits('ar', root).map((u) => (u.key === 'greeting' ? { ...u, translation: 'مرحبًا {{nom}}' } : u));
    const { report, written } = importLanguage('ar', units, root);
    expect(written).toBe(false);
    expect(report.findings.map((f) => f.kind)).toEqual(['placeholders']);
    expect(readFileSync(join(root, 'ar', 'common.json'), 'utf8')).toContain('مرحبًا {{name}}');

    const partial = exportUnits('ar', root).map((u) => (u.key === 'title' ? { ...u, translation: '' } : u));
    const outcome = importLanguage('ar', partial, root);
    expect(outcome.written).toBe(true);
    expect(outcome.report.findings.map((f) => [f.kind, f.key])).toEqual([['missing', 'title']]);
  });
});
