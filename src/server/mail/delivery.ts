import type { Kysely } from 'kysely';
import type { Database, TextColumn } from '../db/schema';
import { mailRepository } from './repository';
import type { MailDeliveryColumns } from './tables';

/** The tables whose rows carry the delivery of an e-mail (see MailDeliveryColumns). */
export type MailDeliveryTable = {
  [T in keyof Database]: Database[T] extends MailDeliveryColumns
    ? 'PENDING' extends Database[T]['mail_state']
      ? T
      : never
    : never;
}[keyof Database];

/**
 * A pending e-mail is tried again once its last try is this old. Until then the sender that tried it is taken to be
 * sending it still, and no other sender takes it.
 */
export const MAIL_RETRY_AFTER_MS = 10 * 60 * 1000;

/**
 * Claims the pending e-mail of `row` for one sender: true when this caller moved its attempt time on from the
 * value it read, so that of several instances sending at once only one sends. A row another sender tried less than
 * MAIL_RETRY_AFTER_MS before `now` is that sender's: not taken over, though its attempt time is the one read (a
 * sender that reads the row just after another's claim would otherwise send the e-mail again). `key` is the column
 * that names the row in `table`.
 */
export async function claimMailDelivery<T extends MailDeliveryTable, K extends TextColumn<T>>(
  db: Kysely<Database>,
  table: T,
  key: K,
  row: Pick<Database[T], K | 'mail_attempted_at'>,
  now: Date,
): Promise<boolean> {
  const id = row[key] as string;
  const attemptedAt = row.mail_attempted_at as string | null;
  if (attemptedAt !== null && Date.parse(attemptedAt) > now.getTime() - MAIL_RETRY_AFTER_MS) return false;
  return mailRepository(db).claimPendingDelivery(table, key, id, attemptedAt, now);
}
