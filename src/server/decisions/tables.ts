/**
 * The decision table, added to the shared `Database` interface. Portable types only: timestamps ISO-8601 UTC
 * text, days YYYY-MM-DD text, lists JSON text.
 */

/** PENDING: waiting for the rules (from `due_at`); REFERRED: waiting for a case officer; DECIDED: final. */
export type DecisionState = 'PENDING' | 'REFERRED' | 'DECIDED';
export type DecisionOutcome = 'APPROVED' | 'REJECTED';
/** Delivery of the decision e-mail: NONE until decided. */
export type DecisionMailState = 'NONE' | 'PENDING' | 'SENT';

export interface ApplicantDecisionsTable {
  applicant_id: string;
  application_id: string;
  state: DecisionState;
  /** When the rules may decide (the submission time plus DECISION_DELAY_SECONDS). */
  due_at: string;
  /** When an instance last took the row to decide it; another takes it over once this is old. */
  claimed_at: string | null;
  outcome: DecisionOutcome | null;
  /** JSON array of reason codes: the rules that held (referral or refusal), or the officer's reasons. */
  reason_codes: string;
  /** The version of the decision rules that decided or referred. */
  rules_version: string | null;
  /** "rules", or "officer:<name>". */
  decided_by: string | null;
  decided_at: string | null;
  /** The number of the ETA, permit or rejection notice, printed on it and in its seal. */
  document_number: string | null;
  valid_from: string | null;
  valid_until: string | null;
  cancelled_at: string | null;
  /** The document's visible digital seal, signed once when the document is first shown (the same on every copy). */
  seal: string | null;
  mail_state: DecisionMailState;
  mail_attempted_at: string | null;
  created_at: string;
}

declare module '../db/schema' {
  interface Database {
    applicant_decisions: ApplicantDecisionsTable;
  }
}
