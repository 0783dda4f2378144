import type { FastifyBaseLogger } from 'fastify';
import { CODE_LIFETIME_SECONDS, THROTTLE_RULES } from '../accounts/public';
import type { Db } from '../db/database';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long rows are kept once they can no longer be used. A session family is kept a week after it ended so
 * that a replayed refresh token of it is still recognised as a replay (and reported) rather than as unknown;
 * a week is longer than any access token (at most a day) or reuse grace period (at most five minutes) can run.
 */
export const RETENTION_MS = {
  /** E-mail keys and codes, after they were used or expired. */
  emailKeys: DAY_MS,
  /** Session families (with all their refresh tokens), after they were revoked or their last token expired. */
  sessions: 7 * DAY_MS,
  /** Capture sessions, after they expired. */
  captureSessions: DAY_MS,
  /** Messages of the development mailbox, after they were sent. */
  devMailbox: 7 * DAY_MS,
  /**
   * Throttle events, after they happened: the longest window any limit counts over (the limits of
   * THROTTLE_RULES, and the wrong entries of an absent code, counted over a code's lifetime).
   */
  throttleEvents:
    Math.max(CODE_LIFETIME_SECONDS, ...Object.values(THROTTLE_RULES).map((rule) => rule.windowSeconds)) * 1000,
} as const;

/** Rows removed by one sweep, by table. */
export interface SweepCounts {
  emailKeys: number;
  throttleEvents: number;
  authSessions: number;
  refreshTokens: number;
  captureSessions: number;
  devMailbox: number;
}

export interface SweepOptions {
  /** Rows removed by one statement (default 500): a sweep never holds long locks on a busy table. */
  batchSize?: number;
  /** Statements per table and sweep (default 200); what is left waits for the next sweep. */
  maxBatches?: number;
  /** Stops the sweep between two statements (the server is closing). */
  signal?: AbortSignal;
}

/** Where the sweep reports. */
export type SweepLog = Pick<FastifyBaseLogger, 'info'>;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** Runs `step` (one bounded statement answering the rows it removed) until it removes less than a full batch. */
async function inBatches(
  step: () => Promise<number>,
  batchSize: number,
  maxBatches: number,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches && !signal?.aborted; batch += 1) {
    const removed = await step();
    total += removed;
    if (removed < batchSize) break;
  }
  return total;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * Session families that can never be used again: revoked, or created and with no refresh token live, for longer
 * than the retention. A family is removed whole, never token by token: a rotated token must keep its row while
 * its family could live, or its replay would look unknown instead of revoking the family.
 */
async function removeSessionBatch(
  db: Db,
  cutoff: string,
  batchSize: number,
): Promise<{ sessions: number; tokens: number }> {
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
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
    ).map((row) => row.id);
    if (ids.length === 0) return { sessions: 0, tokens: 0 };
    const tokens = deleted(await trx.deleteFrom('refresh_tokens').where('session_id', 'in', ids).executeTakeFirst());
    const sessions = deleted(await trx.deleteFrom('auth_sessions').where('id', 'in', ids).executeTakeFirst());
    return { sessions, tokens };
  });
}

/**
 * Deletes rows that can never be used again, in bounded batches: e-mail keys and codes used or expired for more
 * than a day; throttle events older than the longest throttle window; session families (with their refresh
 * tokens) revoked or without a live refresh token for more than a week; capture sessions expired for more than
 * a day, unless a cooldown they started is still running or an accepted photo names them; development mailbox
 * messages older than a week. Answers the counts and logs them in one line.
 */
export async function sweepExpired(db: Db, now: Date, log: SweepLog, options: SweepOptions = {}): Promise<SweepCounts> {
  const { batchSize = 500, maxBatches = 200, signal } = options;
  const batches = (step: () => Promise<number>) => inBatches(step, batchSize, maxBatches, signal);

  const keysCutoff = before(now, RETENTION_MS.emailKeys);
  const emailKeys = await batches(async () =>
    deleted(
      await db
        .deleteFrom('email_keys')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('email_keys')
            .select('id')
            .where((w) => w.or([w('used_at', '<', keysCutoff), w('expires_at', '<', keysCutoff)]))
            .limit(batchSize),
        )
        .executeTakeFirst(),
    ),
  );

  const throttleCutoff = before(now, RETENTION_MS.throttleEvents);
  const throttleEvents = await batches(async () =>
    deleted(
      await db
        .deleteFrom('throttle_events')
        // The same bound as the throttle's own reads: an event at the window's start no longer counts.
        .where('id', 'in', (eb) =>
          eb.selectFrom('throttle_events').select('id').where('occurred_at', '<=', throttleCutoff).limit(batchSize),
        )
        .executeTakeFirst(),
    ),
  );

  const sessionsCutoff = before(now, RETENTION_MS.sessions);
  let refreshTokens = 0;
  const authSessions = await batches(async () => {
    const removed = await removeSessionBatch(db, sessionsCutoff, batchSize);
    refreshTokens += removed.tokens;
    return removed.sessions;
  });

  const captureCutoff = before(now, RETENTION_MS.captureSessions);
  const captureSessions = await batches(async () =>
    deleted(
      await db
        .deleteFrom('capture_sessions')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('capture_sessions')
            .select('capture_sessions.id')
            .where('capture_sessions.expires_at', '<', captureCutoff)
            // A running cooldown is read from the session that started it.
            .where((w) =>
              w.or([
                w('capture_sessions.retry_after', 'is', null),
                w('capture_sessions.retry_after', '<=', now.toISOString()),
              ]),
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
  );

  const mailCutoff = before(now, RETENTION_MS.devMailbox);
  const devMailbox = await batches(async () =>
    deleted(
      await db
        .deleteFrom('dev_mailbox')
        .where('id', 'in', (eb) =>
          eb.selectFrom('dev_mailbox').select('id').where('created_at', '<', mailCutoff).limit(batchSize),
        )
        .executeTakeFirst(),
    ),
  );

  const counts: SweepCounts = { emailKeys, throttleEvents, authSessions, refreshTokens, captureSessions, devMailbox };
  log.info(
    { event: 'housekeeping', deleted: counts, ...(signal?.aborted ? { interrupted: true } : {}) },
    'expired rows removed',
  );
  return counts;
}
