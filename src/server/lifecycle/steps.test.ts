import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProfile } from '../accounts/testing/profiles';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { stepStates } from './journey';
import { completeStep, reopenStep } from './transitions';

describe.each(databases())('step state machine on %s', (kind) => {
  let testDb: TestDb;
  let applicantId: string;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const profileId = await insertTestProfile(testDb.db);
    const now = new Date().toISOString();
    await testDb.db
      .insertInto('applications')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        profile_id: profileId,
        application_type: 'ETA',
        applying_for: 'SELF',
        status: 'IN_PROGRESS',
        created_at: now,
        updated_at: now,
      })
      .execute();
    applicantId = '00000000-0000-4000-8000-000000000002';
    await testDb.db
      .insertInto('applicants')
      .values({
        id: applicantId,
        application_id: '00000000-0000-4000-8000-000000000001',
        position: 0,
        is_account_holder: 1,
        relationship: null,
        given_names: 'Ana',
        family_name: 'Silva',
        date_of_birth: '1990-01-01',
        nationality: 'PT',
        passport_country: 'PT',
        passport_number: 'PT1234567',
        status: 'NOT_SUBMITTED',
        current_step: 'CAPTURE_BIOMETRICS',
        valid_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await testDb.close();
  });

  const current = async () =>
    (
      await testDb.db
        .selectFrom('applicants')
        .select('current_step')
        .where('id', '=', applicantId)
        .executeTakeFirstOrThrow()
    ).current_step;

  it('completes steps in order only, once each, and never past the last', async () => {
    await expect(completeStep(testDb.db, applicantId, 'APPLICATION_FORM')).rejects.toMatchObject({
      statusCode: 409,
      code: 'STEP_NOT_REACHED',
    });
    expect(await current()).toBe('CAPTURE_BIOMETRICS');
    expect(await completeStep(testDb.db, applicantId, 'CAPTURE_BIOMETRICS')).toBe('APPLICATION_FORM');
    // Completing a step already passed changes nothing.
    expect(await completeStep(testDb.db, applicantId, 'CAPTURE_BIOMETRICS')).toBe('APPLICATION_FORM');
    expect(await completeStep(testDb.db, applicantId, 'APPLICATION_FORM')).toBe('DECLARATION');
    expect(await completeStep(testDb.db, applicantId, 'DECLARATION')).toBe('SUPPORTING_DOCUMENTS');
    expect(await completeStep(testDb.db, applicantId, 'SUPPORTING_DOCUMENTS')).toBe('AWAITING_PAYMENT');
    expect(await completeStep(testDb.db, applicantId, 'AWAITING_PAYMENT')).toBe('AWAITING_PAYMENT');
    expect(await current()).toBe('AWAITING_PAYMENT');
  });

  it('reopens a step only for an applicant who had gone past it', async () => {
    await reopenStep(testDb.db, applicantId, 'APPLICATION_FORM');
    expect(await current()).toBe('APPLICATION_FORM');
    await reopenStep(testDb.db, applicantId, 'DECLARATION');
    expect(await current()).toBe('APPLICATION_FORM');
  });

  it('reports an unknown applicant', async () => {
    await expect(completeStep(testDb.db, '00000000-0000-4000-8000-00000000ffff', 'CAPTURE_BIOMETRICS')).rejects.toThrow(
      'No applicant',
    );
  });
});

describe('stepStates', () => {
  it('marks earlier steps completed, the current one in progress and later ones not startable', () => {
    expect(stepStates('DECLARATION').map((s) => s.state)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'IN_PROGRESS',
      'CANNOT_START_YET',
      'CANNOT_START_YET',
    ]);
  });
});
