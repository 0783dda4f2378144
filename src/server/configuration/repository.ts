import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ConfigDraftsTable, ConfigVersionsTable } from './tables';

type Queries = Kysely<Database> | Transaction<Database>;

/** A version without its files, as lists show it. */
export type VersionSummary = Omit<ConfigVersionsTable, 'files'>;
/** A draft without its files, as lists show it. */
export type DraftSummary = Omit<ConfigDraftsTable, 'files'>;

const VERSION_SUMMARY = [
  'number',
  'content_hash',
  'published_by',
  'published_at',
  'draft_id',
  'restores',
  'note',
] as const satisfies readonly (keyof ConfigVersionsTable)[];
const DRAFT_SUMMARY = [
  'id',
  'base_version',
  'created_by',
  'created_at',
  'updated_at',
  'published_as',
  'discarded_at',
  'note',
] as const satisfies readonly (keyof ConfigDraftsTable)[];

/** Closes a draft still open (neither published nor discarded) with `change`; false when it was no longer open. */
async function closeDraft(
  q: Queries,
  id: string,
  change: Partial<Pick<ConfigDraftsTable, 'published_as' | 'discarded_at' | 'updated_at'>>,
): Promise<boolean> {
  const updated = await q
    .updateTable('config_drafts')
    .set(change)
    .where('id', '=', id)
    .where('published_as', 'is', null)
    .where('discarded_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The queries of the configuration's versions and drafts, made once per app (src/server/areas.ts). */
export function configurationRepository(db: Kysely<Database>) {
  return {
    /** The newest version: the live one. */
    live: (q: Queries = db) =>
      q.selectFrom('config_versions').selectAll().orderBy('number', 'desc').limit(1).executeTakeFirst(),

    /** The live version's number only (what an instance polls for). */
    liveNumber: async (q: Queries = db) =>
      (await q.selectFrom('config_versions').select('number').orderBy('number', 'desc').limit(1).executeTakeFirst())
        ?.number,

    version: (number: number, q: Queries = db) =>
      q.selectFrom('config_versions').selectAll().where('number', '=', number).executeTakeFirst(),

    versions: (q: Queries = db) =>
      q.selectFrom('config_versions').select(VERSION_SUMMARY).orderBy('number', 'desc').execute(),

    /**
     * Writes a version; false when its number was taken meanwhile (another publication, or another instance writing
     * the first version at the same time).
     */
    insertVersion: async (row: ConfigVersionsTable, q: Queries = db) => {
      const written = await q
        .insertInto('config_versions')
        .values(row)
        .onConflict((conflict) => conflict.column('number').doNothing())
        .executeTakeFirst();
      return Number(written.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    draft: (id: string, q: Queries = db) =>
      q.selectFrom('config_drafts').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The drafts neither published nor discarded, newest first. */
    openDrafts: (q: Queries = db) =>
      q
        .selectFrom('config_drafts')
        .select(DRAFT_SUMMARY)
        .where('published_as', 'is', null)
        .where('discarded_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute(),

    insertDraft: (row: ConfigDraftsTable, q: Queries = db) => q.insertInto('config_drafts').values(row).execute(),

    /** Replaces the files of a draft still open; false when it was no longer open. */
    updateDraftFiles: async (id: string, files: string, now: string, q: Queries = db) =>
      Number(
        (
          await q
            .updateTable('config_drafts')
            .set({ files, updated_at: now })
            .where('id', '=', id)
            .where('published_as', 'is', null)
            .where('discarded_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,

    /** Marks an open draft published as `number`; false when it was no longer open. */
    markPublished: (id: string, number: number, now: string, q: Queries = db) =>
      closeDraft(q, id, { published_as: number, updated_at: now }),

    /** Marks an open draft discarded; false when it was no longer open. */
    markDiscarded: (id: string, now: string, q: Queries = db) =>
      closeDraft(q, id, { discarded_at: now, updated_at: now }),
  };
}

export type ConfigurationRepository = ReturnType<typeof configurationRepository>;
