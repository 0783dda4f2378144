/**
 * A published configuration: numbered from 1, never changed once written. Going back to an earlier one is
 * publishing it again, as a new number.
 */
export interface ConfigVersionsTable {
  number: number;
  /** The files as JSON text: `{ "<path>": "<text>" }` in the repository's layout (see configuration/files.ts). */
  files: string;
  /** A digest of the files (configHash), to tell two versions with the same files apart from others cheaply. */
  content_hash: string;
  /** Who published it: a staff account's e-mail, or how an operator's command or the first start did. */
  published_by: string;
  /** ISO-8601 UTC. */
  published_at: string;
  /** The draft it was published from, if any. */
  draft_id: string | null;
  /** The earlier version it publishes again, if it is a rollback. */
  restores: number | null;
  /** Why it was published, in the publisher's words (or what made it, e.g. the repository's files). */
  note: string;
}

/** A change under way: a whole set of files on top of the version it started from, until published or discarded. */
export interface ConfigDraftsTable {
  /** UUID version 7. */
  id: string;
  base_version: number;
  /** As `config_versions.files`. */
  files: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The version it became, once published. */
  published_as: number | null;
  discarded_at: string | null;
  note: string;
}

declare module '../db/schema' {
  interface Database {
    config_versions: ConfigVersionsTable;
    config_drafts: ConfigDraftsTable;
  }
}
