import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/harness';
import { configurationRepository, type ConfigurationRepository } from './repository';
import { editTexts, TextEditError } from './text-drafts';
import { flatTexts, textCatalogue, textRows, withTexts } from './texts';
import { ensureFirstVersion, filesOf, liveVersion } from './versions';

const file = (value: object) => `${JSON.stringify(value, null, 2)}\n`;
const FIRST = {
  'schemas/login.schema.json': '{ "type": "object" }\n',
  'locales/en/staff.json': file({
    title: 'Sign in',
    audit: { count_one: '{{count}} action', count_other: '{{count}} actions' },
  }),
  'locales/fr/staff.json': file({
    title: 'Connexion',
    audit: { count_one: '{{count}} action', count_many: '{{count}} d’actions', count_other: '{{count}} actions' },
  }),
  'locales/ar/staff.json': file({}),
};
const at = (minute: number) => new Date(Date.UTC(2026, 11, 6, 9, minute));

describe('a namespace’s texts', () => {
  it('are read by dotted key beside English, with a language’s own plural forms after English’s', () => {
    expect([...flatTexts(FIRST['locales/en/staff.json']).keys()]).toEqual([
      'title',
      'audit.count_one',
      'audit.count_other',
    ]);
    expect(textRows(FIRST, 'fr', 'staff')).toEqual([
      { key: 'title', english: 'Sign in', text: 'Connexion' },
      { key: 'audit.count_one', english: '{{count}} action', text: '{{count}} action' },
      { key: 'audit.count_other', english: '{{count}} actions', text: '{{count}} actions' },
      { key: 'audit.count_many', english: '{{count}} actions', text: '{{count}} d’actions' },
    ]);
    expect(textRows(FIRST, 'ar', 'staff').map((row) => row.text)).toEqual([undefined, undefined, undefined]);
    expect(textCatalogue(FIRST)).toEqual({ languages: ['ar', 'en', 'fr'], namespaces: ['staff'] });
  });

  it('are written in place, a new one at the end of its group, an empty one removed, laid out as the repository’s', () => {
    const changed = withTexts(FIRST['locales/fr/staff.json'], { title: 'Se connecter', 'audit.count_one': '' });
    expect(changed).toBe(
      file({ title: 'Se connecter', audit: { count_many: '{{count}} d’actions', count_other: '{{count}} actions' } }),
    );
    expect(withTexts(undefined, { 'audit.count_one': 'x' })).toBe(file({ audit: { count_one: 'x' } }));
  });
});

describe('texts changed in a draft', () => {
  let testDb: TestDb;
  let repository: ConfigurationRepository;
  beforeEach(async () => {
    testDb = await createTestDb('sqlite');
    repository = configurationRepository(testDb.db);
    await ensureFirstVersion(repository, FIRST, at(0));
  });
  afterEach(() => testDb.close());

  it('go into a new draft on the live version, then into the same draft, which only its member changes', async () => {
    const first = await editTexts(
      repository,
      { language: 'ar', namespace: 'staff', texts: { title: ' تسجيل الدخول ', 'audit.count_one': '' } },
      { by: 'translator@example.com', now: at(1) },
    );
    expect(first.changed).toEqual({ title: { after: 'تسجيل الدخول' } });
    const draft = await repository.draft(first.draftId!);
    expect(filesOf(draft!)['locales/ar/staff.json']).toBe(file({ title: 'تسجيل الدخول' }));
    expect(filesOf(draft!)['locales/fr/staff.json']).toBe(FIRST['locales/fr/staff.json']);
    // The live version is untouched.
    expect(filesOf(await liveVersion(repository))['locales/ar/staff.json']).toBe(FIRST['locales/ar/staff.json']);

    const second = await editTexts(
      repository,
      { draftId: first.draftId, language: 'ar', namespace: 'staff', texts: { 'audit.count_other': '{{count}} إجراء' } },
      { by: 'translator@example.com', now: at(2) },
    );
    expect(second.draftId).toBe(first.draftId);
    expect(flatTexts(filesOf((await repository.draft(first.draftId!))!)['locales/ar/staff.json'])).toEqual(
      new Map([
        ['title', 'تسجيل الدخول'],
        ['audit.count_other', '{{count}} إجراء'],
      ]),
    );
    await expect(
      editTexts(
        repository,
        { draftId: first.draftId, language: 'ar', namespace: 'staff', texts: { title: 'x' } },
        { by: 'someone@example.com', now: at(3) },
      ),
    ).rejects.toMatchObject({ reason: 'not-your-draft' });
  });

  it('refuse a key that is no text of the namespace, and make no draft when nothing changed', async () => {
    await expect(
      editTexts(repository, { language: 'fr', namespace: 'staff', texts: { titel: 'x' } }, { by: 'e', now: at(1) }),
    ).rejects.toThrow(TextEditError);
    const none = await editTexts(
      repository,
      { language: 'fr', namespace: 'staff', texts: { title: 'Connexion' } },
      { by: 'e', now: at(1) },
    );
    expect(none).toEqual({ changed: {} });
    expect(await repository.openDrafts()).toEqual([]);
  });
});
