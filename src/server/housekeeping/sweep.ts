import type { FastifyBaseLogger } from 'fastify';
import { CODE_LIFETIME_SECONDS, THROTTLE_RULES } from '../accounts/public';
import type { Db } from '../db/database';
import { housekeepingRepository } from './repository';

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
    const sweep = housekeepingRepository(trx);
    const ids = await sweep.deadSessionIds(cutoff, batchSize);
    if (ids.length === 0) return { sessions: 0, tokens: 0 };
    const tokens = await sweep.removeRefreshTokensOf(ids);
    const sessions = await sweep.removeSessions(ids);
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
  const sweep = housekeepingRepository(db);

  const keysCutoff = before(now, RETENTION_MS.emailKeys);
  const emailKeys = await batches(() => sweep.removeSpentEmailKeys(keysCutoff, batchSize));

  const throttleCutoff = before(now, RETENTION_MS.throttleEvents);
  const throttleEvents = await batches(() => sweep.removeThrottleEvents(throttleCutoff, batchSize));

  const sessionsCutoff = before(now, RETENTION_MS.sessions);
  let refreshTokens = 0;
  const authSessions = await batches(async () => {
    const removed = await removeSessionBatch(db, sessionsCutoff, batchSize);
    refreshTokens += removed.tokens;
    return removed.sessions;
  });

  const captureCutoff = before(now, RETENTION_MS.captureSessions);
  const captureSessions = await batches(() => sweep.removeCaptureSessions(captureCutoff, now.toISOString(), batchSize));

  const mailCutoff = before(now, RETENTION_MS.devMailbox);
  const devMailbox = await batches(() => sweep.removeDevMailbox(mailCutoff, batchSize));

  const counts: SweepCounts = { emailKeys, throttleEvents, authSessions, refreshTokens, captureSessions, devMailbox };
  log.info(
    { event: 'housekeeping', deleted: counts, ...(signal?.aborted ? { interrupted: true } : {}) },
    'expired rows removed',
  );
  return counts;
}
