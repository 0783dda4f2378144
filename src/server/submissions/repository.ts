import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { mailDeliveries } from '../db/mail-deliveries';
import { uuidv7 } from '../lib/uuidv7';
import type { FormSubmissionsTable } from './tables';

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

/**
 * The e-mail deliveries of the submissions (see db/mail-deliveries.ts): claiming one for one sender, marking it sent,
 * and those still to send, oldest first.
 */
export const submissionDeliveries = (db: Db) => mailDeliveries(db, 'form_submissions', 'id', 'created_at');

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
