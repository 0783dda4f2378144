import type { Db } from '../db/database';

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * The SQL of the sweep of rows that can never be used again, on the database or on a transaction. Every removal
 * takes at most `batchSize` rows and answers how many it removed.
 */
export function housekeepingRepository(db: Db) {
  return {
    /** Removes e-mail keys and codes used or expired before `cutoff`. */
    removeSpentEmailKeys: async (cutoff: string, batchSize: number) =>
      deleted(
        await db
          .deleteFrom('email_keys')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('email_keys')
              .select('id')
              .where((w) => w.or([w('used_at', '<', cutoff), w('expires_at', '<', cutoff)]))
              .limit(batchSize),
          )
          .executeTakeFirst(),
      ),

    /** Removes throttle events that happened at or before `cutoff`. */
    removeThrottleEvents: async (cutoff: string, batchSize: number) =>
      deleted(
        await db
          .deleteFrom('throttle_events')
          // The same bound as the throttle's own reads: an event at the window's start no longer counts.
          .where('id', 'in', (eb) =>
            eb.selectFrom('throttle_events').select('id').where('occurred_at', '<=', cutoff).limit(batchSize),
          )
          .executeTakeFirst(),
      ),

    /** Session families revoked before `cutoff`, or created before it and with no refresh token live at it. */
    deadSessionIds: async (cutoff: string, batchSize: number) =>
      (
        await db
          .selectFrom('auth_sessions')
          .select('id')
          .where((eb) =>
            eb.or([
              eb('revoked_at', '<', cutoff),
              // created_at: a family just started has no refresh token for a moment (startSession inserts it next).
              eb.and([
                eb('created_at', '<', cutoff),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('refresh_tokens')
                      .select('refresh_tokens.token_hash')
                      .whereRef('refresh_tokens.session_id', '=', 'auth_sessions.id')
                      .where('refresh_tokens.expires_at', '>=', cutoff),
                  ),
                ),
              ]),
            ]),
          )
          .limit(batchSize)
          .execute()
      ).map((row) => row.id),

    /** Removes every refresh token of the session families. */
    removeRefreshTokensOf: async (sessionIds: string[]) =>
      deleted(await db.deleteFrom('refresh_tokens').where('session_id', 'in', sessionIds).executeTakeFirst()),

    removeSessions: async (sessionIds: string[]) =>
      deleted(await db.deleteFrom('auth_sessions').where('id', 'in', sessionIds).executeTakeFirst()),

    /**
     * Removes capture sessions expired before `cutoff`, unless a cooldown they started still runs at `now` or an
     * accepted photo names them.
     */
    removeCaptureSessions: async (cutoff: string, now: string, batchSize: number) =>
      deleted(
        await db
          .deleteFrom('capture_sessions')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('capture_sessions')
              .select('capture_sessions.id')
              .where('capture_sessions.expires_at', '<', cutoff)
              // A running cooldown is read from the session that started it.
              .where((w) =>
                w.or([w('capture_sessions.retry_after', 'is', null), w('capture_sessions.retry_after', '<=', now)]),
              )
              // No foreign key, but an accepted photo records the session it was taken in.
              .where((w) =>
                w.not(
                  w.exists(
                    w
                      .selectFrom('applicant_photos')
                      .select('applicant_photos.session_id')
                      .whereRef('applicant_photos.session_id', '=', 'capture_sessions.id'),
                  ),
                ),
              )
              .limit(batchSize),
          )
          .executeTakeFirst(),
      ),

    /** Removes development mailbox messages kept before `cutoff`. */
    removeDevMailbox: async (cutoff: string, batchSize: number) =>
      deleted(
        await db
          .deleteFrom('dev_mailbox')
          .where('id', 'in', (eb) =>
            eb.selectFrom('dev_mailbox').select('id').where('created_at', '<', cutoff).limit(batchSize),
          )
          .executeTakeFirst(),
      ),
  };
}
