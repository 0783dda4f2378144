import { col, createIndex, createTable, type MigrationDb } from '../migration-db';

/**
 * Decisions on submitted applicants: one row per applicant, made by the decision rules (or a case officer for a
 * referred applicant), with the rules' version and reason codes, the outcome document's number and validity, and
 * the delivery of the decision e-mail.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'applicant_decisions', [
    col.custom('applicant_id', 'text', (column) => column.primaryKey().references('applicants.id').onDelete('cascade')),
    col.belongsTo('application_id', 'applications.id'),
    col.required('text', 'state', 'due_at'),
    col.optional('text', 'claimed_at', 'outcome'),
    col.required('text', 'reason_codes'),
    col.optional('text', 'rules_version', 'decided_by', 'decided_at'),
    col.custom('document_number', 'text', (column) => column.unique()),
    col.optional('text', 'valid_from', 'valid_until', 'cancelled_at', 'seal'),
    col.required('text', 'mail_state'),
    col.optional('text', 'mail_attempted_at'),
    col.required('text', 'created_at'),
  ]);
  await createIndex(db, 'applicant_decisions_due_idx', 'applicant_decisions', ['state', 'due_at']);
  await createIndex(db, 'applicant_decisions_mail_idx', 'applicant_decisions', ['mail_state', 'mail_attempted_at']);
  await createIndex(db, 'applicant_decisions_application_idx', 'applicant_decisions', ['application_id']);
}
