import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthSessionsTable, EmailKeysTable, ProfilesTable, RefreshTokensTable } from './tables';

/** The SQL of the profiles table, on the database or a transaction. E-mail addresses are compared as stored. */
export function profilesRepository(db: Db) {
  return {
    findByEmail: (email: string) => db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirst(),

    findById: (id: string) => db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Adds a profile unless its e-mail address is taken; answers whether it was added. */
    insertUnlessTaken: async (row: ProfilesTable): Promise<boolean> => {
      const inserted = await db
        .insertInto('profiles')
        .values(row)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    update: (id: string, changes: Partial<ProfilesTable>, now: Date) =>
      db
        .updateTable('profiles')
        .set({ ...changes, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute(),
  };
}

/** The SQL of e-mail links and codes, stored by their hashes. */
export function emailKeysRepository(db: Db) {
  return {
    /** Marks used every unused key of that kind the profile holds for the purpose: they stop working. */
    retireOutstanding: (profileId: string, purpose: string, kind: 'link' | 'code', now: Date) =>
      db
        .updateTable('email_keys')
        .set({ used_at: now.toISOString() })
        .where('profile_id', '=', profileId)
        .where('purpose', '=', purpose)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .execute(),

    insert: (row: EmailKeysTable) => db.insertInto('email_keys').values(row).execute(),

    /**
     * Uses the live link key with that hash for the purpose (only the given profile's, when one is named) and
     * answers its profile; undefined when there is no such key.
     */
    useLinkKey: async (keyHash: string, purpose: string, now: Date, profileId?: string) => {
      let update = db
        .updateTable('email_keys')
        .set({ used_at: now.toISOString() })
        .where('key_hash', '=', keyHash)
        .where('kind', '=', 'link')
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString());
      if (profileId !== undefined) update = update.where('profile_id', '=', profileId);
      return (await update.returning('profile_id').executeTakeFirst())?.profile_id;
    },

    /** The profile's newest unused code for the purpose, expired or not. */
    latestUnusedCode: (profileId: string, purpose: string) =>
      db
        .selectFrom('email_keys')
        .select(['id', 'key_hash', 'attempts', 'expires_at'])
        .where('profile_id', '=', profileId)
        .where('purpose', '=', purpose)
        .where('kind', '=', 'code')
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    /** Marks a code used unless it already was or has had `maxAttempts` wrong entries: true when this call used it. */
    useCode: async (id: string, maxAttempts: number, now: Date) => {
      const used = await db
        .updateTable('email_keys')
        .set({ used_at: now.toISOString() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },

    /** Counts one wrong entry of a code; answers the wrong entries so far (undefined when the code is gone). */
    countWrongEntry: async (id: string) =>
      (
        await db
          .updateTable('email_keys')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .returning('attempts')
          .executeTakeFirst()
      )?.attempts,
  };
}

/** The SQL of the throttle's counted events, by bucket. */
export function throttleRepository(db: Db) {
  return {
    /** The times of a bucket's latest events after `since`, newest first, at most `limit` of them. */
    latestEvents: (bucket: string, since: string, limit: number) =>
      db
        .selectFrom('throttle_events')
        .select('occurred_at')
        .where('bucket', '=', bucket)
        .where('occurred_at', '>', since)
        .orderBy('occurred_at', 'desc')
        .limit(limit)
        .execute(),

    /** The time of a bucket's latest event, which the caller knows to exist. */
    latestEventTime: async (bucket: string) =>
      (
        await db
          .selectFrom('throttle_events')
          .select('occurred_at')
          .where('bucket', '=', bucket)
          .orderBy('occurred_at', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).occurred_at,

    /** Forgets a bucket's events at or before `until` (those that have left its window). */
    forgetEventsUntil: (bucket: string, until: string) =>
      db.deleteFrom('throttle_events').where('bucket', '=', bucket).where('occurred_at', '<=', until).execute(),

    insertEvent: (id: string, bucket: string, occurredAt: string) =>
      db.insertInto('throttle_events').values({ id, bucket, occurred_at: occurredAt }).execute(),

    forgetBucket: (bucket: string) => db.deleteFrom('throttle_events').where('bucket', '=', bucket).execute(),

    /** Forgets a bucket and every bucket whose name starts with `prefix`. */
    forgetBucketAndPrefixed: (bucket: string, prefix: string) =>
      db
        .deleteFrom('throttle_events')
        .where((eb) =>
          eb.or([
            eb('bucket', '=', bucket),
            eb(sql<string>`substr(bucket, 1, ${sql.lit(prefix.length)})`, '=', prefix),
          ]),
        )
        .execute(),
  };
}

/** The SQL of session families and their refresh tokens, stored by the tokens' hashes. */
export function sessionsRepository(db: Db) {
  return {
    insertSession: (row: AuthSessionsTable) => db.insertInto('auth_sessions').values(row).execute(),

    insertRefreshToken: (row: RefreshTokensTable) => db.insertInto('refresh_tokens').values(row).execute(),

    /** A refresh token with the family it belongs to, when the hash is known. */
    refreshTokenWithSession: (tokenHash: string) =>
      db
        .selectFrom('refresh_tokens')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.session_id',
          'refresh_tokens.expires_at',
          'refresh_tokens.rotated_at',
          'auth_sessions.profile_id',
          'auth_sessions.revoked_at',
          'auth_sessions.created_at as session_created_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** The family's other refresh tokens made at `createdAt` (those a rotation at that time made). */
    tokensMadeAt: (sessionId: string, createdAt: string, otherThan: string) =>
      db
        .selectFrom('refresh_tokens')
        .select(['token_hash', 'rotated_at'])
        .where('session_id', '=', sessionId)
        .where('created_at', '=', createdAt)
        .where('token_hash', '!=', otherThan)
        .execute(),

    /** Marks a refresh token rotated at `rotatedAt` unless it already was: true when this call marked it. */
    markRotated: async (tokenHash: string, rotatedAt: string) => {
      const marked = await db
        .updateTable('refresh_tokens')
        .set({ rotated_at: rotatedAt })
        .where('token_hash', '=', tokenHash)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      return Number(marked.numUpdatedRows) === 1;
    },

    /** Revokes one family unless it already was. */
    revokeSession: (sessionId: string, reason: string, now: Date) =>
      db
        .updateTable('auth_sessions')
        .set({ revoked_at: now.toISOString(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute(),

    /** Revokes every live family of a profile, but `keepSessionId` when given. */
    revokeProfileSessions: (profileId: string, reason: string, now: Date, keepSessionId?: string) => {
      let query = db
        .updateTable('auth_sessions')
        .set({ revoked_at: now.toISOString(), revoked_reason: reason })
        .where('profile_id', '=', profileId)
        .where('revoked_at', 'is', null);
      if (keepSessionId) query = query.where('id', '!=', keepSessionId);
      return query.execute();
    },

    /** The family and profile of a refresh token, when the hash is known. */
    sessionOfToken: (tokenHash: string) =>
      db
        .selectFrom('refresh_tokens')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
        .select(['refresh_tokens.session_id', 'auth_sessions.profile_id'])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /**
     * The profile's saved language when its family is unrevoked (and, with `startedAfter`, started after that
     * time); undefined otherwise. One statement for what every signed-in call checks.
     */
    liveSession: (sessionId: string, profileId: string, startedAfter?: string) => {
      let query = db
        .selectFrom('auth_sessions')
        .innerJoin('profiles', 'profiles.id', 'auth_sessions.profile_id')
        .select('profiles.language')
        .where('auth_sessions.id', '=', sessionId)
        .where('auth_sessions.profile_id', '=', profileId)
        .where('auth_sessions.revoked_at', 'is', null);
      if (startedAfter !== undefined) query = query.where('auth_sessions.created_at', '>', startedAfter);
      return query.executeTakeFirst();
    },
  };
}

export type ProfilesRepository = ReturnType<typeof profilesRepository>;
export type EmailKeysRepository = ReturnType<typeof emailKeysRepository>;
export type ThrottleRepository = ReturnType<typeof throttleRepository>;
export type SessionsRepository = ReturnType<typeof sessionsRepository>;

/**
 * Where the accounts' functions read and write: the app's repository (`app.repositories`, made once), or, for a
 * caller that holds only the database, the database itself (a repository is then made on it for the call).
 */
export type On<Repository> = Repository | Db;

/** The repository of `source`: itself when it is one (it has `method`), else one made on the database. */
export function repositoryOn<Repository extends object>(
  source: On<Repository>,
  method: keyof Repository,
  make: (db: Db) => Repository,
): Repository {
  return method in source ? (source as Repository) : make(source as Db);
}
