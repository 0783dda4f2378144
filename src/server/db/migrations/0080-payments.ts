import { sql } from 'kysely';
import type { MigrationDb } from '../migration-db';

/**
 * Payments of applications and their submission: the attempts (one live at a time per application), the sandbox
 * provider's own record of what happened on its page, the provider notifications already handled, and the
 * submission with its reference and the state of its confirmation e-mail.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payments_idempotency_idx')
    .unique()
    .on('payments')
    .columns(['application_id', 'idempotency_key'])
    .execute();
  // At most one live attempt per application: a second one must supersede the first before it is stored.
  await db.schema
    .createIndex('payments_live_idx')
    .unique()
    .on('payments')
    .column('application_id')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema
    .createIndex('payments_application_idx')
    .on('payments')
    .columns(['application_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('return_url', 'text', (col) => col.notNull())
    .addColumn('cancel_url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('payment_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('application_submissions')
    .addColumn('application_id', 'text', (col) => col.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'text', (col) => col.notNull().unique().references('payments.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('mail_state', 'text', (col) => col.notNull())
    .addColumn('mail_attempted_at', 'text')
    .execute();
  await db.schema
    .createIndex('application_submissions_mail_idx')
    .on('application_submissions')
    .columns(['mail_state', 'mail_attempted_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['application_submissions', 'payment_webhook_events', 'sandbox_payments', 'payments']) {
    await db.schema.dropTable(table).execute();
  }
}
