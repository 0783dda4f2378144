import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { addApplicant, advanceTo, createApplication, signIn, type Caller } from '../../applications/testing/client';
import type { Env } from '../../lib/env';
import type { ObjectStorage } from '../../storage/object-storage';
import { createStorage } from '../../storage/storage';
import { buildTestApp, type DatabaseKind } from '../../testing/harness';
import { DEFAULT_SCHEMAS_DIR } from '../../validation/schema-files';
import { DOCUMENTS_FOLDER } from '../objects';
import { RULES_FILE } from '../requirements';

/** A test app with its own data folder, so that the document files it stores are its own. */
export interface DocumentsTestApp {
  app: FastifyInstance;
  storage: ObjectStorage;
  close(): Promise<void>;
}

/**
 * The rules these tests are written against: a copy of their own, so that an editor's change to
 * schemas/documents.rules.json (whose rules requirements.test.ts holds to their examples) leaves them as they are.
 */
const FIXTURE_RULES = fileURLToPath(new URL('./documents.rules.fixture.json', import.meta.url));

/** The repository's schemas with the fixture rules in place of the shipped ones. */
async function schemasWithFixtureRules(dataDir: string): Promise<string> {
  const schemas = path.join(dataDir, 'schemas');
  await cp(DEFAULT_SCHEMAS_DIR, schemas, { recursive: true });
  await copyFile(FIXTURE_RULES, path.join(schemas, RULES_FILE));
  return schemas;
}

export async function startDocumentsTestApp(kind: DatabaseKind, env: Env = {}): Promise<DocumentsTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'eta-documents-'));
  const schemasDir = env.SCHEMAS_DIR ?? (await schemasWithFixtureRules(dataDir));
  const app = await buildTestApp({ db: kind, dataDir, env: { DATA_DIR: dataDir, SCHEMAS_DIR: schemasDir, ...env } });
  return {
    app,
    storage: createStorage(app.config),
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A documents test app as the tests of a block use it, with Ana signed in. */
export interface DocumentsTestBlock {
  app: FastifyInstance;
  storage: ObjectStorage;
  ana: Caller;
}

/**
 * Starts a documents test app before the tests of the calling `describe` block and closes it after them. Once it
 * runs (with Ana signed in), `use` is handed the app to keep in the block's variables; the block's own beforeAll
 * hooks run after it.
 */
export function useDocumentsTestApp(kind: DatabaseKind, use: (started: DocumentsTestBlock) => void, env: Env = {}) {
  let fixture: DocumentsTestApp | undefined;
  beforeAll(async () => {
    fixture = await startDocumentsTestApp(kind, env);
    use({ app: fixture.app, storage: fixture.storage, ana: await signIn(fixture.app) });
  });
  afterAll(() => fixture?.close());
}

/** Every key stored in the documents folder, sorted. */
export async function storedDocumentKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(DOCUMENTS_FOLDER)) keys.push(object.key);
  return keys.sort();
}

/** An application of `owner` with `count` applicants, all at SUPPORTING_DOCUMENTS (the first is the holder). */
export async function applicantsAtDocuments(
  app: FastifyInstance,
  owner: Caller,
  count = 1,
  applicationType = 'ETA',
): Promise<{ applicationId: string; applicantIds: string[] }> {
  const applicationId = await createApplication(app, owner, { applicationType, applyingFor: 'SELF_AND_OTHERS' });
  const applicantIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await addApplicant(
      app,
      owner,
      applicationId,
      i === 0 ? {} : { isAccountHolder: false, relationship: 'SIBLING', givenNames: ['Léa', 'Marc', 'Inès'][i % 3] },
    );
    await advanceTo(app, id, 'SUPPORTING_DOCUMENTS');
    applicantIds.push(id);
  }
  return { applicationId, applicantIds };
}

/**
 * Stores answers of a form for an applicant directly, replacing any (the forms' own saves are tested by
 * applications).
 */
export async function storeAnswers(
  app: FastifyInstance,
  applicantId: string,
  formId: 'application-form' | 'declarations',
  answers: Record<string, unknown>,
): Promise<void> {
  await app.db
    .deleteFrom('applicant_answers')
    .where('applicant_id', '=', applicantId)
    .where('form_id', '=', formId)
    .execute();
  await app.db
    .insertInto('applicant_answers')
    .values({
      applicant_id: applicantId,
      form_id: formId,
      answers: JSON.stringify(answers),
      last_page: null,
      complete: 1,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

export const documentsUrl = (applicationId: string, query = '') =>
  `/api/eta/applications/${applicationId}/documents${query}`;
export const uploadUrl = (applicationId: string, applicantId: string, documentType: string) =>
  documentsUrl(applicationId, `?applicantIdentifier=${applicantId}&documentType=${documentType}`);
export const documentUrl = (applicationId: string, documentId: string, tail = '') =>
  `/api/eta/applications/${applicationId}/documents/${documentId}${tail}`;
