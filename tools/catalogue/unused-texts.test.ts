// @vitest-environment node
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, makeScratchDir, ROOT } from './checks';
import { DYNAMIC_KEYS } from './dynamic-keys';
import { checkUnusedTexts } from './unused-texts';

const scratch = makeScratchDir('unused-texts-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `files` (path -> JSON value or source text) under a new folder of the scratch folder; answers its dirs. */
function fixture(files: Record<string, unknown>) {
  const dir = join(scratch, String(Math.random()).slice(2));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return {
    ...DEFAULT_DIRS,
    schemas: join(dir, 'schemas'),
    locales: join(dir, 'locales'),
    manifest: join(dir, 'schemas/routes.manifest.json'),
    code: join(dir, 'src'),
  };
}

const unused = (file: string, key: string) => ({
  file,
  warning: true,
  message: `"${key}" is used by no schema, UI schema, route manifest or rules file and by no code: remove it from locales/*/${file.slice('locales/en/'.length)}, or use it`,
});

/** A contact form of one page, asking a name: its nickname field was removed, its texts were left behind. */
const contactForm = {
  'schemas/contact.schema.json': {
    $id: 'contact',
    type: 'object',
    properties: { name: { type: 'string', maxLength: 40, errorMessage: { maxLength: 'validation:name.tooLong' } } },
    required: ['name'],
    errorMessage: { required: { name: 'validation:name.required' } },
  },
  'schemas/contact.ui.json': {
    'ui:pages': [{ id: 'about', titleKey: 'forms:contact.pages.about.title', fields: ['name'] }],
    name: { 'ui:title': 'forms:contact.name.label', 'ui:help': 'forms:contact.name.hint' },
  },
  'schemas/routes.manifest.json': {
    routes: [{ path: '/contact', page: 'public-form', form: 'contact', titleKey: 'forms:contact.title' }],
    steps: [{ id: 'CONTACT', form: 'contact', labelKey: 'forms:contact.step' }],
  },
  'locales/en/forms.json': {
    contact: {
      title: 'Contact us',
      step: 'Your contact details',
      pages: { about: { title: 'About you' } },
      name: { label: 'Name', hint: 'As you would like to be called' },
      nickname: { label: 'Nickname' },
    },
  },
  'locales/en/validation.json': {
    name: { required: 'Enter your name', tooLong: 'Name must be 40 characters or fewer' },
  },
};

describe('the texts nothing uses', () => {
  it("names a removed field's label, and not the texts the form's schema, UI schema and manifest name", () => {
    const dirs = fixture({ ...contactForm, 'src/main.ts': 'export {};\n' });
    expect(checkUnusedTexts(dirs, [])).toEqual([unused('locales/en/forms.json', 'contact.nickname.label')]);
  });

  it('takes a text named only by a rules file as used', () => {
    const dirs = fixture({
      'schemas/decisions.rules.json': { refusalReasons: ['R1'], conditions: { ETA: ['C1'] } },
      'schemas/documents.rules.json': { documents: [{ documentType: 'BANK_STATEMENT' }] },
      'locales/en/decisions.json': {
        reasons: { R1: { text: 'Refused', meaning: 'Why' }, R2: { text: 'Removed reason', meaning: 'Why not' } },
        conditions: { C1: 'Stay no longer than 90 days' },
      },
      'locales/en/documents.json': {
        types: {
          BANK_STATEMENT: { label: 'Bank statement', hint: 'The last 3 months' },
          OTHER: { label: 'Another document', hint: 'Anything else' },
        },
      },
      'src/main.ts': 'export {};\n',
    });
    expect(checkUnusedTexts(dirs, [])).toEqual([
      unused('locales/en/decisions.json', 'reasons.R2.text'),
      unused('locales/en/decisions.json', 'reasons.R2.meaning'),
    ]);
  });

  it('takes a text the code names as used: in t(), in i18nKey, in a constant, in its plural forms, as a group', () => {
    const dirs = fixture({
      'locales/en/common.json': {
        nav: { home: 'Home', faq: 'Questions' },
        banner: { title: 'Welcome' },
        basket: { count_one: '{{count}} item', count_other: '{{count}} items' },
        faq: { items: [{ question: 'Why?', answer: 'Because.' }] },
        footer: { privacy: 'Privacy' },
        left: 'Left behind',
      },
      'locales/en/payments.json': { page: { title: 'Pay' }, footer: { privacy: 'Payments privacy' } },
      'src/app/nav.tsx': [
        "import { Trans, useTranslation } from 'react-i18next';",
        "const LINKS = [{ to: '/', labelKey: 'nav.home' }, { to: '/faq', labelKey: 'common:nav.faq' }];",
        'export function Nav({ count }: { count: number }) {',
        "  const { t } = useTranslation('common');",
        "  const items = t('faq.items', { returnObjects: true });",
        '  return (',
        '    <nav>',
        "      {LINKS.map((link) => t(link.labelKey))} {t('basket.count', { count })} {String(items)}",
        '      <Trans i18nKey="banner.title" />',
        "      {t('payments:footer.privacy')}",
        '    </nav>',
        '  );',
        '}',
      ].join('\n'),
      // A test or a test helper is no use: the portal does not show it.
      'src/app/nav.test.tsx': "t('left'); t('payments:page.title');",
      'src/app/testing/texts.ts': "export const LEFT = 'common:left';",
    });
    expect(checkUnusedTexts(dirs, [])).toEqual([
      unused('locales/en/common.json', 'footer.privacy'),
      unused('locales/en/common.json', 'left'),
      unused('locales/en/payments.json', 'page.title'),
    ]);
  });

  it('takes the keys code builds as used: from a key’s start it writes, or listed with the code that builds them', () => {
    const dirs = fixture({
      'locales/en/capture.json': {
        errors: { TOO_DARK: 'Too dark', TOO_BLURRY: 'Too blurry' },
        status: { WAITING: { label: 'Waiting' } },
        blocked: { LOCKED: { title: 'Locked', message: 'Try tomorrow' } },
        hints: { front: 'Show the front' },
        left: { behind: 'Left behind' },
      },
      'src/capture.tsx': [
        'export const messages = (t: (key: string) => string, code: string, status: string, side: string) => [',
        '  t(`capture:errors.${code}`),',
        '  t(`status.${status}.label`),',
        "  t('hints.' + side),",
        // A template that starts with the value it is given says nothing of the keys it builds: listed instead.
        '  t(`${code}.title`),',
        '];',
      ].join('\n'),
    });
    const listed = [{ keys: 'capture:blocked.', file: 'src/capture.tsx', builtBy: ['t(`${code}.title`)'] }];
    expect(checkUnusedTexts(dirs, listed)).toEqual([unused('locales/en/capture.json', 'left.behind')]);
    expect(checkUnusedTexts(dirs, [])).toEqual([
      unused('locales/en/capture.json', 'blocked.LOCKED.title'),
      unused('locales/en/capture.json', 'blocked.LOCKED.message'),
      unused('locales/en/capture.json', 'left.behind'),
    ]);
  });

  it('reports nothing when there is no code to read', () => {
    const dirs = fixture(contactForm);
    expect(checkUnusedTexts({ ...dirs, code: join(dirs.schemas, '..', 'no-such-folder') }, [])).toEqual([]);
  });
});

describe('the keys listed as built by code', () => {
  it.each(DYNAMIC_KEYS.map((entry) => [entry.keys, entry] as const))('%s: are still built by its code', (_, entry) => {
    expect(existsSync(join(ROOT, entry.file)), `${entry.file} is gone`).toBe(true);
    const source = readFileSync(join(ROOT, entry.file), 'utf8');
    for (const piece of entry.builtBy) expect(source, `${entry.file} no longer has ${piece}`).toContain(piece);
  });
});
