import type { Kysely } from 'kysely';
import { claimMailDelivery, MAIL_RETRY_AFTER_MS, type MailDeliveryTable } from '../mail/public';
import type { Database, TextColumn } from './schema';

/**
 * The queries of a table whose rows carry the delivery of an e-mail (`mail_state`, `mail_attempted_at`): claiming
 * a row's e-mail for one sender, marking it sent, and the rows still to send. `key` names a row; `oldestFirst` is the
 * column the pending rows are sent in the order of.
 */
export function mailDeliveries<T extends MailDeliveryTable, K extends TextColumn<T>>(
  db: Kysely<Database>,
  table: T,
  key: K,
  oldestFirst: keyof Database[T] & string,
) {
  // Kysely cannot follow a table chosen by a type parameter: the queries see any such table by the columns they use.
  const rows = db as unknown as Kysely<Record<string, Record<string, string | null>>>;
  return {
    /** Takes the e-mail of a row for one sender (see claimMailDelivery): true when this caller sends it. */
    claimMail: (row: Pick<Database[T], K | 'mail_attempted_at'>, now: Date) =>
      claimMailDelivery(db, table, key, row, now),

    mailSent: (id: string) =>
      rows
        .updateTable(table as string)
        .set({ mail_state: 'SENT' })
        .where(key as string, '=', id)
        .execute(),

    /** Rows whose e-mail is due at `now`: never tried, or last tried MAIL_RETRY_AFTER_MS before; oldest first. */
    pendingMails: async (now: Date, limit: number): Promise<Database[T][]> =>
      (await rows
        .selectFrom(table as string)
        .selectAll()
        .where('mail_state', '=', 'PENDING')
        .where((eb) =>
          eb.or([
            eb('mail_attempted_at', 'is', null),
            eb('mail_attempted_at', '<', new Date(now.getTime() - MAIL_RETRY_AFTER_MS).toISOString()),
          ]),
        )
        .orderBy(oldestFirst)
        .limit(limit)
        .execute()) as unknown as Database[T][],
  };
}
