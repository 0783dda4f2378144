import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Rows whose e-mail is sent after the request that stored them, and sent again by housekeeping while it is
 * pending: `mail_state` says whether it still is, `mail_attempted_at` when it was last tried (null: never).
 */
interface MailDeliveryColumns {
  mail_state: string;
  mail_attempted_at: string | null;
}

/** The tables whose rows carry the delivery of an e-mail (see MailDeliveryColumns). */
export type MailDeliveryTable = {
  [T in keyof Database]: Database[T] extends MailDeliveryColumns
    ? 'PENDING' extends Database[T]['mail_state']
      ? T
      : never
    : never;
}[keyof Database];

/** The text columns of a table, of which one names a row. */
type TextColumn<T extends keyof Database> = {
  [C in keyof Database[T]]: Database[T][C] extends string ? C : never;
}[keyof Database[T]] &
  string;

/**
 * Claims the pending e-mail of `row` for one sender: true when this caller moved its attempt time on from the
 * value it read, so that of several instances retrying at once only one sends. `key` is the column that names
 * the row in `table`.
 */
export async function claimMailDelivery<T extends MailDeliveryTable, K extends TextColumn<T>>(
  db: Kysely<Database>,
  table: T,
  key: K,
  row: Pick<Database[T], K | 'mail_attempted_at'>,
  now: Date,
): Promise<boolean> {
  // Kysely cannot follow a table chosen by a type parameter: the update sees any such table by the columns it uses.
  const deliveries = db as unknown as Kysely<Record<string, MailDeliveryColumns & Record<string, unknown>>>;
  const id = row[key] as string;
  const attemptedAt = row.mail_attempted_at as string | null;
  const claimed = await deliveries
    .updateTable(table as string)
    .set({ mail_attempted_at: now.toISOString() })
    .where(key as string, '=', id)
    .where('mail_state', '=', 'PENDING')
    .where((eb) =>
      attemptedAt === null ? eb('mail_attempted_at', 'is', null) : eb('mail_attempted_at', '=', attemptedAt),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
