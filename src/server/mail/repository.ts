import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DevMailboxTable, MailDeliveryColumns } from './tables';

/** The SQL of e-mail: claiming a row's pending delivery, and the development mailbox's messages. */
export function mailRepository(db: Kysely<Database>) {
  return {
    /**
     * Moves the attempt time of a pending delivery on to `now`, if it is still `attemptedAt` (null: never tried):
     * true when this call moved it. `key` is the column that names the row `id` in `table`.
     */
    claimPendingDelivery: async (table: string, key: string, id: string, attemptedAt: string | null, now: Date) => {
      // Kysely cannot follow a table chosen at run time: the update sees any such table by the columns it uses.
      const deliveries = db as unknown as Kysely<Record<string, MailDeliveryColumns & Record<string, unknown>>>;
      const claimed = await deliveries
        .updateTable(table)
        .set({ mail_attempted_at: now.toISOString() })
        .where(key, '=', id)
        .where('mail_state', '=', 'PENDING')
        .where((eb) =>
          attemptedAt === null ? eb('mail_attempted_at', 'is', null) : eb('mail_attempted_at', '=', attemptedAt),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Keeps a message in the development mailbox. */
    keepInDevMailbox: (row: DevMailboxTable) => db.insertInto('dev_mailbox').values(row).execute(),

    /** The development mailbox's newest messages (only those to `recipient`, when given), at most `limit`. */
    latestDevMail: (limit: number, recipient?: string) => {
      let query = db.selectFrom('dev_mailbox').selectAll().orderBy('id', 'desc').limit(limit);
      if (recipient !== undefined) query = query.where('recipient', '=', recipient);
      return query.execute();
    },
  };
}
