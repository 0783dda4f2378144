import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits, fromCsv, fromXliff, importLanguage, toCsv, toXliff } from './exchange';
import { languageFolders } from './locale-check';

const fixtures = join(import.meta.dirname, 'fixtures');
/** The portal's locales (LOCALES_DIR when the tests run on an edited copy). */
const shipped = process.env.LOCALES_DIR?.trim() || join(import.meta.dirname, '..', '..', 'locales');
const jsonFiles = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.json'));

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
    expect(units.find((u) => u.key === 'minutes_two')).toMatchObject({
      english: '{{count}} minutes',
      translation: 'دقيقتان',
    });
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
    expect(readFileSync(join(root, 'ar', 'common.json'), 'utf8')).toBe(before);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks, and writes them back the same way', () => {
    const csv =
      '\uFEFFkey,en,fr,note\r\n' +
      'common:a,"Yes, go on","Oui, continuez",\r\n' +
      '\r\n' +
      'common:b,"Say ""hello""","Dites ""bonjour""","Quotes ""as written"""\n' +
      ',,,\r' +
      'common:c,"Line one\r\nline two","Ligne un\nligne deux",Short\r\n';
    const { lng, units } = fromCsv(csv);
    expect(lng).toBe('fr');
    expect(units).toEqual([
      { namespace: 'common', key: 'a', english: 'Yes, go on', translation: 'Oui, continuez', note: '' },
      {
        namespace: 'common',
        key: 'b',
        english: 'Say "hello"',
        translation: 'Dites "bonjour"',
        note: 'Quotes "as written"',
      },
      {
        namespace: 'common',
        key: 'c',
        english: 'Line one\r\nline two',
        translation: 'Ligne un\nligne deux',
        note: 'Short',
      },
    ]);
    expect(toCsv('fr', units)).toBe(
      'key,en,fr,note\r\n' +
        'common:a,"Yes, go on","Oui, continuez",\r\n' +
        'common:b,"Say ""hello""","Dites ""bonjour""","Quotes ""as written"""\r\n' +
        'common:c,"Line one\r\nline two","Ligne un\nligne deux",Short\r\n',
    );
    expect(fromCsv(toCsv('fr', units))).toEqual({ lng: 'fr', units });
  });

  it.each(languageFolders(shipped))(
    'writes %s back byte for byte after an export and an import of its unchanged texts, each file laid out as it was',
    async (lng) => {
      const root = mkdtempSync(join(tmpdir(), 'locales-round-trip-'));
      dir = root;
      cpSync(shipped, root, { recursive: true });
      const before = new Map(jsonFiles(join(root, lng)).map((f) => [f, readFileSync(join(root, lng, f), 'utf8')]));
      const units = (await fromXliff(await toXliff(lng, exportUnits(lng, root)))).units;
      // Imported into the folder as it was, and into an empty one (whose files take English's layout).
      for (const emptied of [false, true]) {
        if (emptied) for (const f of before.keys()) rmSync(join(root, lng, f));
        const { report, written } = importLanguage(lng, units, root);
        expect(written).toBe(true);
        expect(report.findings).toEqual([]);
        for (const [f, text] of before) expect(readFileSync(join(root, lng, f), 'utf8'), `${lng}/${f}`).toBe(text);
      }
    },
  );

  it('refuses a file that changes a placeholder, writing nothing, and lists what is still to translate', () => {
    const root = scratch();
    const units = exportUnits('ar', root).map((u) =>
      u.key === 'greeting' ? { ...u, translation: 'مرحبًا {{nom}}' } : u,
    );
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
