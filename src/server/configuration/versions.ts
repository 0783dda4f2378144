import type { Db } from '../db/database';
import { uuidv7 } from '../lib/uuidv7';
import { configHash, sortedFiles, type ConfigFiles } from './files';
import type { ConfigurationRepository, DraftSummary, VersionSummary } from './repository';
import type { ConfigDraftsTable, ConfigVersionsTable } from './tables';

/**
 * The configuration's versions and drafts: version 1 from the files an installation starts with, drafts on top of
 * the live version, publishing a draft that passes the checks as the next version, and going back to an earlier
 * version by publishing it again. A published version never changes.
 */

/** Who did something, and when. */
export interface ActedBy {
  by: string;
  now: Date;
}

/** What publishing checks a configuration with: the problems found, one line each (none: it may be published). */
export type ConfigurationCheck = (files: ConfigFiles) => Promise<readonly string[]> | readonly string[];

export type PublishOutcome =
  | { published: true; version: VersionSummary }
  | { published: false; reason: 'unknown-draft' | 'not-open' | 'unchanged'; draft?: DraftSummary }
  | { published: false; reason: 'refused'; problems: readonly string[] }
  /** Versions published since the draft was made changed some of the same files (`files`) in another way. */
  | { published: false; reason: 'conflict'; since: number; files: readonly string[] };

/** A failed step of the configuration's work, said in words for the person who asked. */
export class ConfigurationError extends Error {}

const summary = ({ files: _files, ...row }: ConfigVersionsTable): VersionSummary => row;
const draftSummary = ({ files: _files, ...row }: ConfigDraftsTable): DraftSummary => row;

/** The files of a stored version or draft. */
export const filesOf = (row: Pick<ConfigVersionsTable, 'files'>): ConfigFiles => JSON.parse(row.files) as ConfigFiles;

/** How many times a publication is tried again when another took the next number first. */
const ATTEMPTS = 5;

/**
 * Writes `files` as version `number` (the one after the live version the files were made on); undefined when another
 * publication took that number meanwhile, so that the caller makes its files again on the new live version. `alsoDo`
 * runs in the same transaction (a draft marked published).
 */
async function writeVersion(
  db: Db,
  repository: ConfigurationRepository,
  number: number,
  files: ConfigFiles,
  fields: Pick<ConfigVersionsTable, 'published_by' | 'published_at' | 'draft_id' | 'restores' | 'note'>,
  alsoDo?: (trx: Parameters<ConfigurationRepository['live']>[0]) => Promise<boolean>,
): Promise<VersionSummary | undefined> {
  return db.transaction().execute(async (trx) => {
    const row: ConfigVersionsTable = {
      number,
      files: JSON.stringify(sortedFiles(files)),
      content_hash: configHash(files),
      ...fields,
    };
    if (!(await repository.insertVersion(row, trx))) return undefined;
    if (alsoDo && !(await alsoDo(trx))) throw new ConfigurationError('The draft is no longer open.');
    return summary(row);
  });
}

const BUSY = 'Other publications kept taking the next version number; try again.';

/**
 * Version 1 on a database without one: `files`, as the installation's repository holds them. Several instances
 * starting together write it once. Answers the live version.
 */
export async function ensureFirstVersion(
  repository: ConfigurationRepository,
  files: ConfigFiles,
  now: Date,
): Promise<VersionSummary> {
  const live = await repository.live();
  if (live) return summary(live);
  const row: ConfigVersionsTable = {
    number: 1,
    files: JSON.stringify(sortedFiles(files)),
    content_hash: configHash(files),
    published_by: 'installation',
    published_at: now.toISOString(),
    draft_id: null,
    restores: null,
    note: "The repository's schemas/ and locales/",
  };
  await repository.insertVersion(row);
  const first = await repository.live();
  if (!first) throw new ConfigurationError('The first version of the configuration could not be written.');
  return summary(first);
}

/** The live version (with its files); an error when the database has none yet. */
export async function liveVersion(repository: ConfigurationRepository): Promise<ConfigVersionsTable> {
  const live = await repository.live();
  if (!live) throw new ConfigurationError('No version of the configuration has been published yet.');
  return live;
}

/**
 * A new draft of `files` on top of the live version. A folder the files leave out entirely (`schemas/` or
 * `locales/`) is kept as the live version has it, so that a translator may bring only the texts.
 */
export async function createDraft(
  repository: ConfigurationRepository,
  files: ConfigFiles,
  { by, now, note = '' }: ActedBy & { note?: string },
): Promise<DraftSummary> {
  const base = await liveVersion(repository);
  const baseFiles = filesOf(base);
  const merged: Record<string, string> = { ...files };
  for (const folder of ['schemas/', 'locales/']) {
    if (Object.keys(files).some((path) => path.startsWith(folder))) continue;
    for (const [path, text] of Object.entries(baseFiles)) if (path.startsWith(folder)) merged[path] = text;
  }
  const row: ConfigDraftsTable = {
    id: uuidv7(now.getTime()),
    base_version: base.number,
    files: JSON.stringify(sortedFiles(merged)),
    created_by: by,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    published_as: null,
    discarded_at: null,
    note,
  };
  await repository.insertDraft(row);
  return draftSummary(row);
}

/**
 * A draft's files brought onto the live version: the files the draft changed from its base, over the live version's
 * (which are the draft's own when nothing was published since). A file that the versions published since changed too,
 * differently, is a conflict: the editor makes the draft again on the live version.
 */
async function onLive(
  repository: ConfigurationRepository,
  draft: ConfigDraftsTable,
  live: ConfigVersionsTable,
): Promise<{ files: ConfigFiles } | { conflicts: string[] }> {
  const files = filesOf(draft);
  if (draft.base_version === live.number) return { files };
  const base = await repository.version(draft.base_version);
  if (!base) throw new ConfigurationError(`The draft's version ${draft.base_version} no longer exists.`);
  const [baseFiles, liveFiles] = [filesOf(base), filesOf(live)];
  const merged: Record<string, string> = { ...liveFiles };
  const conflicts: string[] = [];
  for (const path of new Set([...Object.keys(baseFiles), ...Object.keys(files)])) {
    if (baseFiles[path] === files[path]) continue;
    if (liveFiles[path] !== baseFiles[path] && liveFiles[path] !== files[path]) conflicts.push(path);
    else if (files[path] === undefined) delete merged[path];
    else merged[path] = files[path];
  }
  return conflicts.length > 0 ? { conflicts: conflicts.sort() } : { files: merged };
}

/**
 * Publishes an open draft as the next version, when `check` finds nothing wrong with it and it differs from the
 * live version (a draft made on an earlier version brings its own changes onto the live one, see `onLive`). The
 * draft is then closed: a published version never changes.
 */
export async function publishDraft(
  db: Db,
  repository: ConfigurationRepository,
  id: string,
  { by, now, check, note }: ActedBy & { check: ConfigurationCheck; note?: string },
): Promise<PublishOutcome> {
  const draft = await repository.draft(id);
  if (!draft) return { published: false, reason: 'unknown-draft' };
  if (draft.published_as !== null || draft.discarded_at !== null) {
    return { published: false, reason: 'not-open', draft: draftSummary(draft) };
  }
  let checked: string | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const live = await liveVersion(repository);
    const brought = await onLive(repository, draft, live);
    if ('conflicts' in brought) {
      return { published: false, reason: 'conflict', since: live.number, files: brought.conflicts };
    }
    const { files } = brought;
    const hash = configHash(files);
    if (hash === live.content_hash) return { published: false, reason: 'unchanged', draft: draftSummary(draft) };
    if (hash !== checked) {
      const problems = await check(files);
      if (problems.length > 0) return { published: false, reason: 'refused', problems };
      checked = hash;
    }
    const version = await writeVersion(
      db,
      repository,
      live.number + 1,
      files,
      { published_by: by, published_at: now.toISOString(), draft_id: id, restores: null, note: note ?? draft.note },
      (trx) => repository.markPublished(id, live.number + 1, now.toISOString(), trx),
    );
    if (version) return { published: true, version };
  }
  throw new ConfigurationError(BUSY);
}

/**
 * Goes back to an earlier version: its files published again as the next version (the history keeps every
 * version, the one gone back from too). They passed the checks when first published and are not checked again.
 */
export async function restoreVersion(
  db: Db,
  repository: ConfigurationRepository,
  number: number,
  { by, now, note }: ActedBy & { note?: string },
): Promise<VersionSummary> {
  const earlier = await repository.version(number);
  if (!earlier) throw new ConfigurationError(`There is no version ${number}.`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const live = await liveVersion(repository);
    if (earlier.content_hash === live.content_hash) {
      throw new ConfigurationError(`Version ${number} has the same files as the live version ${live.number}.`);
    }
    const version = await writeVersion(db, repository, live.number + 1, filesOf(earlier), {
      published_by: by,
      published_at: now.toISOString(),
      draft_id: null,
      restores: number,
      note: note ?? `Version ${number} published again`,
    });
    if (version) return version;
  }
  throw new ConfigurationError(BUSY);
}

/** Closes an open draft without publishing it. */
export async function discardDraft(repository: ConfigurationRepository, id: string, { now }: ActedBy): Promise<void> {
  const draft = await repository.draft(id);
  if (!draft) throw new ConfigurationError(`There is no draft ${id}.`);
  if (!(await repository.markDiscarded(id, now.toISOString()))) {
    throw new ConfigurationError(
      `The draft ${id} was already ${draft.published_as !== null ? 'published' : 'discarded'}.`,
    );
  }
}

/**
 * The files of a version (a number, or `live`) or a draft (its identifier), with what to call it; an error in words
 * when there is no such version or draft.
 */
export async function configurationNamed(
  repository: ConfigurationRepository,
  name: string,
): Promise<{ label: string; files: ConfigFiles }> {
  if (name === 'live') {
    const live = await liveVersion(repository);
    return { label: `version ${live.number} (live)`, files: filesOf(live) };
  }
  if (/^v?\d+$/.test(name)) {
    const number = Number(name.replace(/^v/, ''));
    const version = await repository.version(number);
    if (!version) throw new ConfigurationError(`There is no version ${number}.`);
    return { label: `version ${number}`, files: filesOf(version) };
  }
  const draft = await repository.draft(name);
  if (!draft) throw new ConfigurationError(`There is no version or draft "${name}".`);
  return { label: `draft ${name}`, files: filesOf(draft) };
}
