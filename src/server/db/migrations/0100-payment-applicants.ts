import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

/**
 * The applicants a payment attempt was started for, with the fee of each and a fingerprint of what each had given,
 * fixed when the attempt starts: a submission takes exactly these applicants, unchanged, for exactly their fees.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'payment_applicants', [
    col.belongsTo('payment_id', 'payments.id'),
    col.required('text', 'applicant_id'),
    col.required('integer', 'position', 'fee'),
    col.required('text', 'fingerprint'),
    col.compositeKey('payment_applicants_pk', ['payment_id', 'applicant_id']),
  ]);
  await createIndex(db, 'payment_applicants_applicant_idx', 'payment_applicants', ['applicant_id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['payment_applicants']);
}
