import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { uuidv7 } from '../lib/uuidv7';
import { claimMailDelivery } from '../mail/public';
import type { FormSubmissionsTable, SubmissionMailState } from './tables';

// Crockford's base 32: no I, L, O or U, so a reference read aloud or copied by hand is not mistaken.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new submission reference: eight characters of Crockford's base 32 in two groups, e.g. "K7QM-2RXD" (40 bits). */
export function newReference(bytes: Buffer = randomBytes(5)): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 8; i++) text = REFERENCE_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)] + text;
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/** What a new submission stores. */
export interface NewSubmission {
  formId: string;
  answers: Record<string, unknown>;
  language: string;
  profileId: string | null;
  /** True when the submission is to be e-mailed. */
  mail: boolean;
  now: Date;
}

/** Stores a submission under a fresh reference (drawn again in the unlikely case it is taken). */
export async function insertSubmission(db: Db, submission: NewSubmission): Promise<FormSubmissionsTable> {
  for (let attempt = 1; ; attempt++) {
    const row: FormSubmissionsTable = {
      id: uuidv7(submission.now.getTime()),
      reference: newReference(),
      form_id: submission.formId,
      answers: JSON.stringify(submission.answers),
      language: submission.language,
      profile_id: submission.profileId,
      created_at: submission.now.toISOString(),
      mail_state: submission.mail ? 'PENDING' : 'NONE',
      mail_attempted_at: null,
    };
    const taken = await db
      .selectFrom('form_submissions')
      .select('id')
      .where('reference', '=', row.reference)
      .executeTakeFirst();
    if (taken && attempt < 5) continue;
    await db.insertInto('form_submissions').values(row).execute();
    return row;
  }
}

/** Claims a pending delivery for one sender (see claimMailDelivery): true when this caller is the one to send. */
export function claimDelivery(db: Db, row: Pick<FormSubmissionsTable, 'id' | 'mail_attempted_at'>, now: Date) {
  return claimMailDelivery(db, 'form_submissions', 'id', row, now);
}

/** Records the outcome of a delivery. */
export async function setMailState(db: Db, id: string, state: SubmissionMailState): Promise<void> {
  await db.updateTable('form_submissions').set({ mail_state: state }).where('id', '=', id).execute();
}

/** Pending deliveries last tried before `triedBefore` (or never), oldest first. */
export async function pendingDeliveries(db: Db, triedBefore: Date, limit: number): Promise<FormSubmissionsTable[]> {
  return db
    .selectFrom('form_submissions')
    .selectAll()
    .where('mail_state', '=', 'PENDING')
    .where((eb) =>
      eb.or([eb('mail_attempted_at', 'is', null), eb('mail_attempted_at', '<', triedBefore.toISOString())]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Removes at most `limit` submissions received before `before`; answers how many it removed. */
export async function removeSubmissionsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const ids = await db
    .selectFrom('form_submissions')
    .select('id')
    .where('created_at', '<', before.toISOString())
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const removed = await db
    .deleteFrom('form_submissions')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
