import type { Kysely } from 'kysely';

/**
 * The database as a migration sees it: untyped, because a migration runs against the schema of its own time,
 * never against today's `Database` interface.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above; the one place an untyped Kysely is allowed
export type MigrationDb = Kysely<any>;
