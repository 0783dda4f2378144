import { uuidv7 } from '../lib/uuidv7';
import type { StaffRepository } from './repository';

/** Who did something: a member of staff (their account), or an operator's command (no account). */
export interface Actor {
  staffId: string | null;
  /** In words: the staff member's e-mail, or the command and its user. */
  name: string;
}

/** Records one action in the audit trail (never changed afterwards). */
export async function recordAction(
  repository: StaffRepository,
  actor: Actor,
  action: string,
  subject: string,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await repository.insertAudit({
    id: uuidv7(now.getTime()),
    staff_id: actor.staffId,
    actor: actor.name,
    action,
    subject,
    detail: JSON.stringify(detail),
    at: now.toISOString(),
  });
}

/** The audit trail as it is read back: newest first, the details parsed. */
export async function readAudit(
  repository: StaffRepository,
  { limit = 100, subject }: { limit?: number; subject?: string },
) {
  return (await repository.audit(limit, subject)).map((row) => ({
    at: row.at,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  }));
}
