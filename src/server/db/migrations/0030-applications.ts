import type { MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('profile_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('application_type', 'text', (col) => col.notNull())
    .addColumn('applying_for', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('applications_profile_idx')
    .on('applications')
    .columns(['profile_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('applicants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('is_account_holder', 'integer', (col) => col.notNull())
    .addColumn('relationship', 'text')
    .addColumn('given_names', 'text', (col) => col.notNull())
    .addColumn('family_name', 'text', (col) => col.notNull())
    .addColumn('date_of_birth', 'text', (col) => col.notNull())
    .addColumn('nationality', 'text', (col) => col.notNull())
    .addColumn('passport_country', 'text', (col) => col.notNull())
    .addColumn('passport_number', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('current_step', 'text', (col) => col.notNull())
    .addColumn('valid_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('applicants_application_idx')
    .on('applicants')
    .columns(['application_id', 'position'])
    .execute();
  await db.schema
    .createIndex('applicants_passport_idx')
    .on('applicants')
    .columns(['passport_country', 'passport_number'])
    .execute();

  await db.schema
    .createTable('applicant_answers')
    .addColumn('applicant_id', 'text', (col) => col.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('form_id', 'text', (col) => col.notNull())
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('last_page', 'text')
    .addColumn('complete', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('applicant_answers_pk', ['applicant_id', 'form_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['applicant_answers', 'applicants', 'applications']) await db.schema.dropTable(table).execute();
}
