import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { configHash } from './files';
import { configurationRepository, type ConfigurationRepository } from './repository';
import {
  ConfigurationError,
  createDraft,
  discardDraft,
  ensureFirstVersion,
  filesOf,
  publishDraft,
  restoreVersion,
  type ConfigurationCheck,
} from './versions';

const FIRST = {
  'schemas/login.schema.json': '{ "type": "object" }\n',
  'schemas/login.ui.json': '{}\n',
  'locales/en/accounts.json': '{ "title": "Sign in" }\n',
  'locales/fr/accounts.json': '{ "title": "Connexion" }\n',
};
const at = (minute: number) => new Date(Date.UTC(2026, 11, 6, 9, minute));
const editor = { by: 'editor@example.com', now: at(5) };
const passes: ConfigurationCheck = () => [];

describe.each(databases())('versions of the configuration (%s)', (kind) => {
  let testDb: TestDb;
  let repository: ConfigurationRepository;

  beforeEach(async () => {
    testDb = await createTestDb(kind);
    repository = configurationRepository(testDb.db);
    await ensureFirstVersion(repository, FIRST, at(0));
  });
  afterEach(() => testDb.close());

  /** Every version as written, to show that nothing later changes one. */
  const snapshot = async () => testDb.db.selectFrom('config_versions').selectAll().orderBy('number').execute();

  it('starts with the installation files as version 1, written once however many instances start', async () => {
    const again = await Promise.all([1, 2, 3].map(() => ensureFirstVersion(repository, { other: '{}' }, at(1))));
    expect(again.map((version) => version.number)).toEqual([1, 1, 1]);
    const versions = await snapshot();
    expect(versions).toHaveLength(1);
    expect(filesOf(versions[0])).toEqual(FIRST);
    expect(versions[0].content_hash).toBe(configHash(FIRST));
  });

  it('publishes a draft that passes the checks as the next version, and closes the draft', async () => {
    const changed = { ...FIRST, 'locales/fr/accounts.json': '{ "title": "Se connecter" }\n' };
    const draft = await createDraft(repository, changed, { ...editor, note: 'Clearer French' });
    expect(draft.base_version).toBe(1);
    const outcome = await publishDraft(testDb.db, repository, draft.id, { ...editor, check: passes });
    expect(outcome).toMatchObject({
      published: true,
      version: { number: 2, published_by: editor.by, note: 'Clearer French' },
    });
    expect(filesOf((await repository.live())!)).toEqual(changed);
    expect((await repository.draft(draft.id))?.published_as).toBe(2);
    // Once published, a draft is not published again.
    expect(await publishDraft(testDb.db, repository, draft.id, { ...editor, check: passes })).toMatchObject({
      published: false,
      reason: 'not-open',
    });
  });

  it('refuses a draft the checks find a problem in, and changes nothing', async () => {
    const draft = await createDraft(
      repository,
      { ...FIRST, 'schemas/login.schema.json': '{ "type": "strng" }\n' },
      editor,
    );
    const before = await snapshot();
    const check: ConfigurationCheck = (files) =>
      files['schemas/login.schema.json'].includes('strng') ? ['schemas/login.schema.json: "strng" is not a type'] : [];
    const outcome = await publishDraft(testDb.db, repository, draft.id, { ...editor, check });
    expect(outcome).toEqual({
      published: false,
      reason: 'refused',
      problems: ['schemas/login.schema.json: "strng" is not a type'],
    });
    expect(await snapshot()).toEqual(before);
    expect((await repository.openDrafts()).map((open) => open.id)).toEqual([draft.id]);
  });

  it('refuses a draft with the live version’s very files', async () => {
    const draft = await createDraft(repository, FIRST, editor);
    expect(await publishDraft(testDb.db, repository, draft.id, { ...editor, check: passes })).toMatchObject({
      published: false,
      reason: 'unchanged',
    });
  });

  it('keeps the live texts for a draft that brings only forms, and the live forms for one that brings only texts', async () => {
    const texts = {
      'locales/en/accounts.json': '{ "title": "Log in" }\n',
      'locales/fr/accounts.json': FIRST['locales/fr/accounts.json'],
    };
    const draft = await createDraft(repository, texts, editor);
    const files = filesOf((await repository.draft(draft.id))!);
    expect(files).toEqual({ ...FIRST, ...texts });
  });

  it('brings a draft made on an earlier version onto the live one, unless both changed the same file', async () => {
    const french = await createDraft(
      repository,
      { ...FIRST, 'locales/fr/accounts.json': '{ "title": "Se connecter" }\n' },
      editor,
    );
    const english = await createDraft(
      repository,
      { ...FIRST, 'locales/en/accounts.json': '{ "title": "Log in" }\n' },
      editor,
    );
    const clash = await createDraft(
      repository,
      { ...FIRST, 'locales/fr/accounts.json': '{ "title": "Entrer" }\n' },
      editor,
    );
    await publishDraft(testDb.db, repository, french.id, { ...editor, check: passes });
    const merged = await publishDraft(testDb.db, repository, english.id, { ...editor, check: passes });
    expect(merged).toMatchObject({ published: true, version: { number: 3 } });
    expect(filesOf((await repository.live())!)).toEqual({
      ...FIRST,
      'locales/fr/accounts.json': '{ "title": "Se connecter" }\n',
      'locales/en/accounts.json': '{ "title": "Log in" }\n',
    });
    expect(await publishDraft(testDb.db, repository, clash.id, { ...editor, check: passes })).toEqual({
      published: false,
      reason: 'conflict',
      since: 3,
      files: ['locales/fr/accounts.json'],
    });
  });

  it('goes back to an earlier version by publishing it again; the versions in between stay as they were', async () => {
    const draft = await createDraft(repository, { ...FIRST, 'schemas/login.ui.json': '{ "ui:order": [] }\n' }, editor);
    await publishDraft(testDb.db, repository, draft.id, { ...editor, check: passes });
    const before = await snapshot();
    const restored = await restoreVersion(testDb.db, repository, 1, { by: 'publisher@example.com', now: at(9) });
    expect(restored).toMatchObject({ number: 3, restores: 1, published_by: 'publisher@example.com' });
    const after = await snapshot();
    expect(after.slice(0, 2)).toEqual(before);
    expect(filesOf(after[2])).toEqual(FIRST);
    await expect(restoreVersion(testDb.db, repository, 1, editor)).rejects.toThrow(ConfigurationError);
    await expect(restoreVersion(testDb.db, repository, 9, editor)).rejects.toThrow('There is no version 9.');
  });

  it('numbers publications made at the same time one after the other', async () => {
    const drafts = await Promise.all(
      ['a', 'b', 'c'].map((name) => createDraft(repository, { ...FIRST, [`locales/en/${name}.json`]: '{}\n' }, editor)),
    );
    const outcomes = await Promise.all(
      drafts.map((draft) => publishDraft(testDb.db, repository, draft.id, { ...editor, check: passes })),
    );
    expect(outcomes.map((outcome) => (outcome.published ? outcome.version.number : 0)).sort()).toEqual([2, 3, 4]);
    expect(Object.keys(filesOf((await repository.live())!)).filter((path) => /\/[abc]\.json$/.test(path))).toHaveLength(
      3,
    );
  });

  it('discards a draft once', async () => {
    const draft = await createDraft(repository, { ...FIRST, 'locales/en/x.json': '{}\n' }, editor);
    await discardDraft(repository, draft.id, editor);
    expect(await repository.openDrafts()).toEqual([]);
    await expect(discardDraft(repository, draft.id, editor)).rejects.toThrow('already discarded');
    expect(await publishDraft(testDb.db, repository, draft.id, { ...editor, check: passes })).toMatchObject({
      reason: 'not-open',
    });
  });
});
