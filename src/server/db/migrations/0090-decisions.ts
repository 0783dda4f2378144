import type { MigrationDb } from '../migration-db';

/**
 * Decisions on submitted applicants: one row per applicant, made by the decision rules (or a case officer for a
 * referred applicant), with the rules' version and reason codes, the outcome document's number and validity, and
 * the delivery of the decision e-mail.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('applicant_decisions')
    .addColumn('applicant_id', 'text', (col) => col.primaryKey().references('applicants.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('due_at', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('reason_codes', 'text', (col) => col.notNull())
    .addColumn('rules_version', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('document_number', 'text', (col) => col.unique())
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('seal', 'text')
    .addColumn('mail_state', 'text', (col) => col.notNull())
    .addColumn('mail_attempted_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_decisions_due_idx')
    .on('applicant_decisions')
    .columns(['state', 'due_at'])
    .execute();
  await db.schema
    .createIndex('applicant_decisions_mail_idx')
    .on('applicant_decisions')
    .columns(['mail_state', 'mail_attempted_at'])
    .execute();
  await db.schema
    .createIndex('applicant_decisions_application_idx')
    .on('applicant_decisions')
    .column('application_id')
    .execute();
}
