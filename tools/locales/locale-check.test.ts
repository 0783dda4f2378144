import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkLanguageFolder,
  completionTable,
  findTextInCode,
  flatten,
  percent,
  placeholders,
  pluralCategories,
  unflatten,
} from './locale-check';

const fixtures = join(import.meta.dirname, 'fixtures');
const check = (lng: string) => checkLanguageFolder(lng, join(fixtures, lng), join(fixtures, 'en'), `fixtures/${lng}`);
const keysOf = (lng: string, kind: string) =>
  check(lng)
    .findings.filter((f) => f.kind === kind)
    .map((f) => f.key ?? f.file);

describe('locale check', () => {
  it('accepts a complete Arabic folder with all six plural forms, {{count}} left out where the number is in words', () => {
    const report = check('ar');
    expect(report.findings).toEqual([]);
    expect(percent(report)).toBe(100);
    expect(report).toMatchObject({ done: 8, total: 8 });
  });

  it('names a missing namespace file, an extra key and an empty text', () => {
    const report = check('fr');
    expect(keysOf('fr', 'file')).toEqual(['fixtures/fr/forms.json']);
    expect(report.findings.find((f) => f.kind === 'file')?.message).toBe(
      'fixtures/fr/forms.json is missing: copy locales/en/forms.json and translate every text (1 texts)',
    );
    expect(keysOf('fr', 'extra')).toEqual(['leftover']);
    expect(keysOf('fr', 'empty')).toEqual(['items.0.answer']);
  });

  it('names placeholders that differ from English', () => {
    const finding = check('fr').findings.find((f) => f.kind === 'placeholders');
    expect(finding?.message).toBe(
      'fixtures/fr/common.json: "greeting" has placeholders {{nom}} but English has {{name}}: keep each {{placeholder}} exactly as in English',
    );
  });

  it('asks French for its "many" plural form and Chinese for "other" only', () => {
    expect(keysOf('fr', 'plural')).toEqual(['minutes_many']);
    expect(check('fr').findings.find((f) => f.kind === 'plural')?.message).toContain('add "minutes_many"');
    expect(check('zh').findings.map((f) => [f.kind, f.key])).toEqual([['extra', 'minutes_one']]);
    expect(check('zh').findings[0].message).toContain('is a plural form Chinese does not use (it uses other)');
  });

  it('reports texts still in English unless the allow-list says they are meant to be', () => {
    expect(keysOf('fr', 'untranslated')).toEqual(['title']);
    // brand and minutes_* equal English but are listed; separator has no words outside its placeholders.
  });

  it('counts complete entries for the percentage and prints a table', () => {
    const fr = check('fr');
    // 8 entries: title, greeting, items.0.answer, minutes and forms' name.label are not done; brand, separator, items.0.question are.
    expect(fr).toMatchObject({ total: 8, done: 3 });
    expect(percent(fr)).toBe(37.5);
    const table = completionTable([check('ar'), fr]).split('\n');
    expect(table[0]).toMatch(/^language\s+name\s+complete\s+texts\s+problems$/);
    expect(table[2]).toMatch(/^ar\s+Arabic\s+100\.0 %\s+8\/8\s+0$/);
    expect(table[3]).toMatch(/^fr\s+French\s+37\.5 %\s+3\/8\s+6$/);
  });

  it('knows the CLDR plural categories and reads placeholder names', () => {
    expect(pluralCategories('fr')).toEqual(['one', 'many', 'other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('zh')).toEqual(['other']);
    expect(placeholders('{{ b }} {{a, number}} {{b}}')).toEqual(['a', 'b']);
  });

  it('flattens and rebuilds locale files, arrays included', () => {
    const data = { a: { b: 'x' }, items: [{ q: '1' }, { q: '2' }] };
    expect(unflatten(flatten(data))).toEqual(data);
  });
});

describe('text in code', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('finds JSX text and visible string props not behind a key, except what is allowed', () => {
    dir = mkdtempSync(join(tmpdir(), 'text-in-code-'));
    mkdirSync(join(dir, 'src', 'features'), { recursive: true });
    mkdirSync(join(dir, 'src', 'server'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'features', 'page.tsx'),
      [
        'export function Page({ t }: { t: (k: string) => string }) {',
        '  return (',
        '    <main aria-label="Main page" data-testid="page-root">',
        '      <h1>{t("page.title")}</h1>',
        '      <p>Hello world</p>',
        "      <p>{'Quoted words'}</p>",
        '      <input placeholder={t("page.hint")} title="Your name" />',
        '      <span>ETA</span>',
        '      <span>{count} / 10</span>',
        '    </main>',
        '  );',
        '}',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'src', 'features', 'page.test.tsx'), 'export const x = <p>Test words</p>;\n');
    writeFileSync(join(dir, 'src', 'server', 'mail.tsx'), 'export const x = <p>Server words</p>;\n');
    const findings = findTextInCode(join(dir, 'src'), dir, [
      { file: 'src/features/page.tsx', text: 'ETA', reason: 'acronym' },
    ]);
    expect(findings.map((f) => f.message.split(' is written')[0])).toEqual([
      'src/features/page.tsx:3: aria-label "Main page"',
      'src/features/page.tsx:5: text "Hello world"',
      'src/features/page.tsx:6: text "Quoted words"',
      'src/features/page.tsx:7: title "Your name"',
    ]);
  });

  it('finds sentences in the string literals of .ts files, the server too, except log lines, errors, codes and allowed text', () => {
    dir = mkdtempSync(join(tmpdir(), 'text-in-code-'));
    mkdirSync(join(dir, 'src', 'api'), { recursive: true });
    mkdirSync(join(dir, 'src', 'server', 'testing'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'api', 'upload.ts'),
      [
        "import { thing } from './Some module';",
        "export const failed = 'Upload failed, please retry';",
        "export const cancelled = 'Upload cancelled';",
        "export const css = { border: '3px solid #FFDD00', code: 'UPLOAD_FAILED', key: 'documents:upload.failed' };",
        "export const schema = { description: 'The file the user chose.' };",
        "export function fail(log: { warn(m: string): void }) { log.warn('Upload failed on the server'); }",
        "export function boom(): never { throw new Error('Nothing to upload here'); }",
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'src', 'server', 'mail.ts'),
      "export const subject = (name: string) => `Welcome back, ${name}`;\nconsole.info('Mail sent to the user');\n",
    );
    writeFileSync(join(dir, 'src', 'server', 'testing', 'fake.ts'), "export const x = 'Testing words here';\n");
    writeFileSync(join(dir, 'src', 'api', 'upload.test.ts'), "export const x = 'Test words here';\n");
    const allowed = [{ file: 'src/api/upload.ts', text: 'Upload cancelled', reason: 'never shown' }];
    const findings = findTextInCode(join(dir, 'src'), dir, allowed);
    expect(findings.map((f) => f.message.split(' is written')[0])).toEqual([
      'src/api/upload.ts:2: string "Upload failed, please retry"',
      'src/server/mail.ts:1: string "Welcome back,"',
    ]);
  });
});
