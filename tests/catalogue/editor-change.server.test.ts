// @vitest-environment node
// The editor's change proof, server side: SCHEMAS_DIR and LOCALES_DIR point the API at an edited copy of the
// configuration, whose new Trip question the API then checks and stores; without them, the repository's.
import '@/engine/testing/forms-loaded';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addApplicant, advanceTo, call, createApplication, signIn } from '@/server/applications/testing/client';
import { loadConfig } from '@/server/config';
import { buildTestApp } from '@/server/testing/harness';
import { DEFAULT_SCHEMAS_DIR } from '@/server/validation/schema-files';
import { copiedFormExample, makeTripQuestionCopy, RETURN_TICKET } from './editor-change-fixture';

let dir: string;
beforeAll(() => {
  dir = makeTripQuestionCopy();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** Saves the copy's complete example (with the new question) as the whole form of a fresh applicant. */
async function saveWholeForm(options: { schemasDir?: string }) {
  const app = await buildTestApp({ db: 'sqlite', ...options });
  try {
    const caller = await signIn(app);
    const guid = await createApplication(app, caller);
    const applicant = await addApplicant(app, caller, guid);
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    const prefilled = (
      await call(app, caller, 'GET', `/api/eta/application-details/${guid}?applicantIdentifier=${applicant}`)
    ).json().applicants[0].applicationForm.answers;
    const answers = { ...copiedFormExample(dir), passportNumber: prefilled.passportNumber };
    const response = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      answers,
    });
    return { status: response.statusCode, body: response.json() };
  } finally {
    await app.close();
  }
}

describe('SCHEMAS_DIR', () => {
  it('is the repository schemas/ folder unless set, and a resolved path when set', () => {
    expect(loadConfig({}).schemasDir).toBe(DEFAULT_SCHEMAS_DIR);
    expect(loadConfig({ SCHEMAS_DIR: join(dir, 'schemas') }).schemasDir).toBe(join(dir, 'schemas'));
  });

  it('makes the API check and keep the question added in the copy; the repository configuration does not know it', async () => {
    const edited = await saveWholeForm({ schemasDir: join(dir, 'schemas') });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ complete: true, step: 'DECLARATION' });
    expect(edited.body.answers.returnTicket).toBe(true);

    const original = await saveWholeForm({});
    expect(original.status).toBe(400);
    expect(original.body.fields).toEqual([
      { field: 'returnTicket', key: 'validation:generic.unknownField', message: 'This field is not expected' },
    ]);
  }, 30000);
});

describe('LOCALES_DIR', () => {
  it('gives the server the copy’s texts; unset, the repository’s', async () => {
    vi.stubEnv('LOCALES_DIR', join(dir, 'locales'));
    const edited = await import('@/server/i18n');
    expect(edited.LOCALES_DIR).toBe(join(dir, 'locales'));
    expect(edited.translate('en', 'applications:validation.returnTicketRequired')).toBe(RETURN_TICKET.en.required);
    expect(edited.translate('fr', 'applications:validation.returnTicketRequired')).toBe(RETURN_TICKET.fr.required);

    vi.unstubAllEnvs();
    vi.resetModules();
    delete process.env.LOCALES_DIR;
    const repository = await import('@/server/i18n');
    expect(repository.LOCALES_DIR).toBe(join(process.cwd(), 'locales/'));
    expect(repository.hasTranslation('en', 'applications:validation.returnTicketRequired')).toBe(false);
  });
});
