// @vitest-environment node
import '@/engine/testing/forms-loaded';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ALL_CHECKS,
  catalogue,
  checkKeys,
  checkLabels,
  checkTranslations,
  checkSpecMessages,
  checkWidgets,
  clearLocaleCache,
  DEFAULT_DIRS,
  lookup,
  SPEC_MESSAGES,
  type Finding,
} from '../../tools/catalogue/checks';

const { files, forms } = catalogue();
const findingsByCheck = Object.fromEntries(
  Object.entries(ALL_CHECKS).map(([name, check]) => [name, check(DEFAULT_DIRS)]),
) as Record<keyof typeof ALL_CHECKS, Finding[]>;
const failuresAbout = (file: string) =>
  Object.values(findingsByCheck)
    .flat()
    .filter((f) => !f.warning && f.file.startsWith(file));

describe('form catalogue', () => {
  it('has the forms and API bodies of the accounts screens', () => {
    expect(forms).toEqual(
      expect.arrayContaining(['registration', 'login', 'forgot-password', 'reset-password', 'change-password', 'otp']),
    );
    expect(files.map((f) => f.id)).toEqual(
      expect.arrayContaining(['definitions', 'api/verify', 'api/email-request', 'api/refresh', 'api/logout']),
    );
  });

  describe.each(files.map((f) => f.file))('schemas/%s', (file) => {
    const base = file.replace(/\.schema\.json$/, '');
    it('compiles in strict mode, its examples validate, its widgets and keys exist', () => {
      expect([
        ...failuresAbout(`schemas/${file}`),
        ...failuresAbout(`schemas/${base}.ui.json`),
        ...failuresAbout(`schemas/${base}.examples.json`),
      ]).toEqual([]);
    });
  });

  it('resolves every manifest form and has no unreachable page', () => {
    expect([...findingsByCheck.manifest.filter((f) => !f.warning), ...findingsByCheck.pages]).toEqual([]);
  });

  it('has every key in every language with the same placeholders', () => {
    expect(findingsByCheck.keys).toEqual([]);
  });

  it('has every English text translated in every language, with the same placeholders', () => {
    expect(findingsByCheck.translations).toEqual([]);
  });

  it('tells a translator adding a language exactly what is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-lang-'));
    try {
      cpSync(DEFAULT_DIRS.locales, join(dir, 'locales'), { recursive: true });
      const dirs = { ...DEFAULT_DIRS, locales: join(dir, 'locales') };
      cpSync(join(dir, 'locales/fr'), join(dir, 'locales/de'), { recursive: true });
      rmSync(join(dir, 'locales/de/emails.json'));
      const commonPath = join(dir, 'locales/de/common.json');
      const common = JSON.parse(readFileSync(commonPath, 'utf8'));
      delete common.nav.home;
      common.documentTitle = '{{page}}';
      writeFileSync(commonPath, JSON.stringify(common));
      expect(checkTranslations(dirs)).toEqual([
        {
          file: 'locales/de/common.json',
          message: '"documentTitle" has placeholders {{page}} but English has {{page,service}}: use the same names',
        },
        {
          file: 'locales/de/common.json',
          message: 'has no "nav.home": translate locales/en/common.json\'s text for it',
        },
        { file: 'locales/de/emails.json', message: 'is missing: copy locales/en/emails.json and translate every text' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every field, nested field and list item without a label, and notes labels left in English', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-labels-'));
    try {
      cpSync(DEFAULT_DIRS.schemas, join(dir, 'schemas'), { recursive: true });
      cpSync(DEFAULT_DIRS.locales, join(dir, 'locales'), { recursive: true });
      const dirs = {
        ...DEFAULT_DIRS,
        schemas: join(dir, 'schemas'),
        locales: join(dir, 'locales'),
        manifest: join(dir, 'schemas/routes.manifest.json'),
      };
      const uiPath = join(dir, 'schemas/application-form.ui.json');
      const ui = JSON.parse(readFileSync(uiPath, 'utf8'));
      delete ui.otherNationalities.items['ui:title'];
      delete ui.maritalStatus['ui:title'];
      writeFileSync(uiPath, JSON.stringify(ui));
      const frPath = join(dir, 'locales/fr/forms.json');
      const fr = JSON.parse(readFileSync(frPath, 'utf8'));
      fr.applicationForm.otherNationalities.hint = 'Add any other nationality you hold';
      writeFileSync(frPath, JSON.stringify(fr));
      clearLocaleCache();
      const findings = checkLabels(dirs);
      expect(findings.filter((f) => !f.warning)).toEqual([
        {
          file: 'schemas/application-form.ui.json',
          message: expect.stringContaining('the items of the list "otherNationalities" have no "ui:title"'),
        },
        {
          file: 'schemas/application-form.ui.json',
          message: expect.stringContaining('field "maritalStatus" has no "ui:title"'),
        },
      ]);
      expect(findings).toContainEqual({
        file: 'locales/fr/forms.json',
        warning: true,
        message: expect.stringContaining('forms:applicationForm.otherNationalities.hint (hint of "otherNationalities"'),
      });
    } finally {
      clearLocaleCache();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(SPEC_MESSAGES)('English carries the spec message "%s" word for word', (message) => {
    expect(checkSpecMessages().map((f) => f.message)).not.toContainEqual(expect.stringContaining(`"${message}"`));
  });

  it('says which file to fix when a key, a widget or a spec message is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    try {
      cpSync(DEFAULT_DIRS.schemas, join(dir, 'schemas'), { recursive: true });
      cpSync(DEFAULT_DIRS.locales, join(dir, 'locales'), { recursive: true });
      const dirs = {
        ...DEFAULT_DIRS,
        schemas: join(dir, 'schemas'),
        locales: join(dir, 'locales'),
        manifest: join(dir, 'schemas/routes.manifest.json'),
      };
      const frPath = join(dir, 'locales/fr/validation.json');
      const fr = JSON.parse(readFileSync(frPath, 'utf8'));
      delete fr.email.invalid;
      writeFileSync(frPath, JSON.stringify(fr));
      const enPath = join(dir, 'locales/en/validation.json');
      const en = JSON.parse(readFileSync(enPath, 'utf8'));
      en.passwords.mismatch = 'Passwords differ';
      writeFileSync(enPath, JSON.stringify(en));
      const uiPath = join(dir, 'schemas/login.ui.json');
      const ui = JSON.parse(readFileSync(uiPath, 'utf8'));
      ui.email['ui:widget'] = 'emial';
      writeFileSync(uiPath, JSON.stringify(ui));
      clearLocaleCache();
      expect(checkKeys(dirs)).toContainEqual({
        file: 'schemas/definitions.schema.json',
        message: 'uses validation:email.invalid, which is missing from locales/fr/validation.json: add it',
      });
      expect(checkSpecMessages(dirs).map((f) => f.message)).toContain(
        'does not contain the specification\'s message "Passwords do not match" word for word: add it',
      );
      expect(checkWidgets(dirs)[0]).toMatchObject({
        file: 'schemas/login.ui.json',
        message: expect.stringContaining('"emial", which is not registered'),
      });
    } finally {
      clearLocaleCache();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads texts through the same keys the forms use', () => {
    expect(lookup(DEFAULT_DIRS, 'en', 'validation:mobile.invalid')).toBe('Invalid mobile number');
    expect(lookup(DEFAULT_DIRS, 'fr', 'forms:engine.errorSummaryTitle')).toBe('Il y a un problème');
  });
});

afterAll(() => clearLocaleCache());
