import { col, dropTables, createTable, type MigrationDb } from '../migration-db';

/**
 * What the machine-readable zone of each applicant's accepted passport photo says (read or not, whether every check
 * digit holds, and its fields), replaced with the photo.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'passport_readings', [
    col.custom('applicant_id', 'text', (column) => column.primaryKey().references('applicants.id').onDelete('cascade')),
    col.required('integer', 'read', 'check_digits_valid'),
    col.optional(
      'text',
      'document_number',
      'issuing_country',
      'nationality',
      'date_of_birth',
      'date_of_expiry',
      'sex',
      'surname',
      'given_names',
      'problem',
    ),
    col.required('text', 'read_at'),
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['passport_readings']);
}
