import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createFormCheckers, type ApplicantsTable, type ApplicationsTable } from '../../../applications/public';
import { buildApp } from '../../../app';
import { drawnPageReader } from '../../../biometrics/testing/drawn-page-reader';
import { openDatabase, type Db } from '../../../db/database';
import { documentFacts } from '../../../documents/public';
import { loadDocumentRules, type DocumentRules } from '../../../documents/requirements';
import { testJourney } from '../../../applications/testing/client';
import { createTestDb, testConfig, TEST_SCHEMAS_DIR, type DatabaseKind, type TestDb } from '../../../testing/harness';
import { testPdf, testPhotos, type Photos } from '../journey';

/**
 * The real system the model-based test drives: two API instances (two `buildApp`s) on one database, sharing one
 * data folder (photos, documents, the webhook and seal secrets) and one signing secret, as two instances behind a
 * load balancer do. On SQLite both use one connection, on PostgreSQL each has its own pool.
 */
export interface World {
  kind: DatabaseKind;
  instances: [FastifyInstance, FastifyInstance];
  /** The database, for the checks (committed rows). */
  db: Db;
  webhookSecret: string;
  photos: Photos;
  pdf: Buffer;
  /** The checks of every form of the journey (the route manifest's form steps), by form id. */
  forms: ReturnType<typeof createFormCheckers>;
  documentRules: DocumentRules;
  /**
   * How many rows of the watched tables have changed so far, on SQLite (triggers count every insert, delete and
   * update that changes a value; a rolled-back change is not counted); undefined on PostgreSQL, where the rows
   * themselves are compared instead.
   */
  changes?: () => Promise<number>;
  close(): Promise<void>;
}

/** The tables whose rows a refused call must leave as they were (capture sessions count refused photos). */
export const WATCHED_TABLES = [
  'applications',
  'applicants',
  'applicant_answers',
  'applicant_photos',
  'applicant_documents',
  'payments',
  'payment_applicants',
  'sandbox_payments',
  'application_submissions',
  'applicant_decisions',
];

/** Counts changed rows of the watched tables with triggers (a scratch SQLite database only). */
async function countChanges(db: Db): Promise<() => Promise<number>> {
  await sql`CREATE TABLE model_changes (n INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO model_changes (n) VALUES (0)`.execute(db);
  const bump = 'BEGIN UPDATE model_changes SET n = n + 1; END';
  for (const table of WATCHED_TABLES) {
    const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db)).rows;
    const changed = columns.map((c) => `OLD."${c.name}" IS NOT NEW."${c.name}"`).join(' OR ');
    await sql.raw(`CREATE TRIGGER "model_${table}_insert" AFTER INSERT ON "${table}" ${bump}`).execute(db);
    await sql.raw(`CREATE TRIGGER "model_${table}_delete" AFTER DELETE ON "${table}" ${bump}`).execute(db);
    await sql
      .raw(`CREATE TRIGGER "model_${table}_update" AFTER UPDATE ON "${table}" WHEN ${changed} ${bump}`)
      .execute(db);
  }
  return async () => Number((await sql<{ n: number }>`SELECT n FROM model_changes`.execute(db)).rows[0].n);
}

export const WEBHOOK_SECRET = 'model-based-webhook-secret-0123456789';

/** Starts the two instances. Background deciding and housekeeping are off: the test decides when they run. */
export async function startWorld(kind: DatabaseKind): Promise<World> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'eta-model-'));
  const testDb: TestDb = await createTestDb(kind);
  const second: Db = kind === 'postgres' ? openDatabase({ kind, connectionString: testDb.url as string }) : testDb.db;
  const jwtSecret = randomBytes(32).toString('base64url');
  const env = {
    DATA_DIR: dataDir,
    // The face check is a test of its own (image-checks.test.ts); here it would only cost time.
    CAPTURE_FACE_CHECK: 'false',
    HOUSEKEEPING_INTERVAL_SECONDS: '0',
    // Hundreds of applicants an hour by one account: the throttle on passports typed in is a test of its own
    // (passport-privacy.test.ts), not a rule of the state machine.
    PASSPORT_CHECK_LIMIT: '1000000',
    CLIENT_PASSPORT_CHECK_LIMIT: '1000000',
  };
  const build = (db: Db) =>
    buildApp({
      config: testConfig({ dataDir, jwtSecret, distDir: path.join(dataDir, 'no-portal') }, env),
      db,
      logger: false,
      servePortal: false,
      // The MRZ reading is a test of its own (passport-mrz/, biometrics/passport-reading.test.ts).
      mrzReader: drawnPageReader(),
    });
  const instances: [FastifyInstance, FastifyInstance] = [await build(testDb.db), await build(second)];
  const changes = kind === 'sqlite' ? await countChanges(testDb.db) : undefined;
  return {
    changes,
    kind,
    instances,
    db: testDb.db,
    webhookSecret: WEBHOOK_SECRET,
    photos: await testPhotos(),
    pdf: await testPdf(),
    forms: createFormCheckers(journeyFormIds(), TEST_SCHEMAS_DIR),
    documentRules: loadDocumentRules(TEST_SCHEMAS_DIR),
    async close() {
      await Promise.all(instances.map((app) => app.close()));
      if (second !== testDb.db) await second.destroy();
      await testDb.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The forms of the journey's form steps, in the manifest's order, from the configuration the instances run on. */
export function journeyFormIds(): string[] {
  return testJourney().flatMap((s) => (s.form ? [s.form] : []));
}

/** One HTTP call to an instance. */
export function inject(world: World, on: number, request: InjectOptions): Promise<LightMyRequestResponse> {
  return world.instances[on % 2].inject(request);
}

/** What is missing of an applicant's steps, judged from what they gave (never from their step). */
export async function missingSteps(
  world: World,
  application: ApplicationsTable,
  applicant: ApplicantsTable,
): Promise<string[]> {
  const missing: string[] = [];
  const photos = await world.db
    .selectFrom('applicant_photos')
    .select('photo_type')
    .where('applicant_id', '=', applicant.id)
    .execute();
  for (const type of ['SELFIE', 'PASSPORT_PHOTO'])
    if (!photos.some((p) => p.photo_type === type)) missing.push(`photo ${type}`);
  for (const formId of journeyFormIds()) {
    const row = await world.db
      .selectFrom('applicant_answers')
      .select('answers')
      .where('applicant_id', '=', applicant.id)
      .where('form_id', '=', formId)
      .executeTakeFirst();
    if (!row) {
      missing.push(`${formId} not saved`);
      continue;
    }
    const problems = world.forms[formId].check(JSON.parse(row.answers) as Record<string, unknown>).problems;
    if (problems.length > 0) missing.push(`${formId}: ${problems.map((p) => `${p.path} ${p.key}`).join(', ')}`);
  }
  const requirements = world.documentRules.evaluate(await documentFacts(world.db, application, applicant));
  const given = await world.db
    .selectFrom('applicant_documents')
    .select('document_type')
    .where('applicant_id', '=', applicant.id)
    .execute();
  for (const requirement of requirements)
    if (requirement.required && !given.some((d) => d.document_type === requirement.documentType))
      missing.push(`document ${requirement.documentType}`);
  return missing;
}
