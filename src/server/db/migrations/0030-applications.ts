import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'applications', [
    col.key('id'),
    col.belongsTo('profile_id', 'profiles.id'),
    col.required('text', 'application_type', 'applying_for', 'status', 'created_at', 'updated_at'),
  ]);
  await createIndex(db, 'applications_profile_idx', 'applications', ['profile_id', 'created_at']);

  await createTable(db, 'applicants', [
    col.key('id'),
    col.belongsTo('application_id', 'applications.id'),
    col.required('integer', 'position', 'is_account_holder'),
    col.optional('text', 'relationship'),
    col.required('text', 'given_names', 'family_name', 'date_of_birth', 'nationality'),
    col.required('text', 'passport_country', 'passport_number', 'status', 'current_step'),
    col.optional('text', 'valid_until'),
    col.required('text', 'created_at', 'updated_at'),
  ]);
  await createIndex(db, 'applicants_application_idx', 'applicants', ['application_id', 'position']);
  await createIndex(db, 'applicants_passport_idx', 'applicants', ['passport_country', 'passport_number']);

  await createTable(db, 'applicant_answers', [
    col.belongsTo('applicant_id', 'applicants.id'),
    col.required('text', 'form_id', 'answers'),
    col.optional('text', 'last_page'),
    col.required('integer', 'complete'),
    col.required('text', 'updated_at'),
    col.compositeKey('applicant_answers_pk', ['applicant_id', 'form_id']),
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['applicant_answers', 'applicants', 'applications']);
}
