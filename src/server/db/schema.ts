import type { Generated, Kysely } from 'kysely';

/**
 * Tables of the reference API as Kysely sees them. Portable types only: timestamps are
 * ISO-8601 UTC text, booleans integer 0/1, JSON text, ids text UUIDs.
 *
 * An area adds its tables by declaring them next to its migration, either here or by augmenting this
 * interface from its own module:
 *   declare module '@/server/db/schema' { interface Database { users: UsersTable } }
 */
export interface Database {
  meta: MetaTable;
}

/** Key/value facts about this installation (for example when its schema was first created). */
export interface MetaTable {
  key: string;
  value: string;
  /** ISO-8601 UTC. */
  updated_at: string;
}

/** Kept so that tables with database-side defaults can say so without importing kysely themselves. */
export type { Generated };

/** The query builder every route uses. */
export type Db = Kysely<Database>;

/** The text columns of a table, of which one names a row. */
export type TextColumn<T extends keyof Database> = {
  [C in keyof Database[T]]: Database[T][C] extends string ? C : never;
}[keyof Database[T]] &
  string;
