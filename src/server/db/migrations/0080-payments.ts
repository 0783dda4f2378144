import { sql } from 'kysely';
import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

/**
 * Payments of applications and their submission: the attempts (one live at a time per application), the sandbox
 * provider's own record of what happened on its page, the provider notifications already handled, and the
 * submission with its reference and the state of its confirmation e-mail.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'payments', [
    col.key('id'),
    col.belongsTo('application_id', 'applications.id'),
    col.required('text', 'idempotency_key', 'request_hash', 'provider'),
    col.optional('text', 'provider_reference', 'redirect_url'),
    col.required('integer', 'amount'),
    col.required('text', 'currency', 'language', 'status'),
    col.optional('text', 'failure'),
    col.required('text', 'created_at', 'updated_at'),
  ]);
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
  await createIndex(db, 'payments_application_idx', 'payments', ['application_id', 'created_at']);

  await createTable(db, 'sandbox_payments', [
    col.key('id'),
    col.unique('idempotency_key'),
    col.required('integer', 'amount'),
    col.required('text', 'currency', 'language', 'return_url', 'cancel_url', 'status'),
    col.optional('text', 'failure'),
    col.required('text', 'created_at', 'updated_at'),
  ]);

  await createTable(db, 'payment_webhook_events', [
    col.required('text', 'provider', 'event_id', 'received_at'),
    col.compositeKey('payment_webhook_events_pk', ['provider', 'event_id']),
  ]);

  await createTable(db, 'application_submissions', [
    col.custom('application_id', 'text', (column) =>
      column.primaryKey().references('applications.id').onDelete('cascade'),
    ),
    col.unique('reference'),
    col.custom('payment_id', 'text', (column) => column.notNull().unique().references('payments.id')),
    col.required('integer', 'amount'),
    col.required('text', 'currency', 'submitted_at', 'mail_state'),
    col.optional('text', 'mail_attempted_at'),
  ]);
  await createIndex(db, 'application_submissions_mail_idx', 'application_submissions', [
    'mail_state',
    'mail_attempted_at',
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['application_submissions', 'payment_webhook_events', 'sandbox_payments', 'payments']);
}
