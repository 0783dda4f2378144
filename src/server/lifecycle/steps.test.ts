import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProfile } from '../accounts/testing/profiles';
import { insertApplicationRows } from '../applications/testing/rows';
import { createTestDb, databases, TEST_SCHEMAS_DIR, type TestDb } from '../testing/harness';
import { loadJourney, stepNames, stepStates } from './journey';
import { completeHeldStep, completeStep, holdApplication, reopenHeldStep, reopenStep } from './transitions';

// The journey is the manifest's `steps`, an editor's list: what is expected is read from it.
loadJourney(TEST_SCHEMAS_DIR);
const steps = stepNames();

describe.each(databases())('step state machine on %s', (kind) => {
  let testDb: TestDb;
  let applicantId: string;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const profileId = await insertTestProfile(testDb.db);
    ({ applicantId } = await insertApplicationRows(testDb.db, profileId, {
      application: { id: '00000000-0000-4000-8000-000000000001' },
      applicant: {
        id: '00000000-0000-4000-8000-000000000002',
        position: 0,
        nationality: 'PT',
        passport_country: 'PT',
        passport_number: 'PT1234567',
        current_step: steps[0],
      },
    }));
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
    await expect(completeStep(testDb.db, applicantId, steps[1])).rejects.toMatchObject({
      statusCode: 409,
      code: 'STEP_NOT_REACHED',
    });
    expect(await current()).toBe(steps[0]);
    expect(await completeStep(testDb.db, applicantId, steps[0])).toBe(steps[1]);
    // Completing a step already passed changes nothing.
    expect(await completeStep(testDb.db, applicantId, steps[0])).toBe(steps[1]);
    for (const [i, step] of steps.slice(1, -1).entries()) {
      expect(await completeStep(testDb.db, applicantId, step)).toBe(steps[i + 2]);
    }
    const last = steps[steps.length - 1];
    expect(await completeStep(testDb.db, applicantId, last)).toBe(last);
    expect(await current()).toBe(last);
  });

  it('reopens a step only for an applicant who had gone past it', async () => {
    await reopenStep(testDb.db, applicantId, steps[1]);
    expect(await current()).toBe(steps[1]);
    await reopenStep(testDb.db, applicantId, steps[2]);
    expect(await current()).toBe(steps[1]);
  });

  it('moves the steps of an application its transaction holds as the transitions that take the row do', async () => {
    // Read in the transaction, after the hold: SQLite has one connection, which the transaction keeps.
    const applicantIn = (trx: typeof testDb.db) =>
      trx.selectFrom('applicants').selectAll().where('id', '=', applicantId).executeTakeFirstOrThrow();
    await testDb.db.transaction().execute(async (trx) => {
      const held = (await holdApplication(trx, '00000000-0000-4000-8000-000000000001'))!;
      expect(await reopenHeldStep(held, await applicantIn(trx), steps[0])).toBe(steps[0]);
    });
    expect(await current()).toBe(steps[0]);
    await testDb.db.transaction().execute(async (trx) => {
      const held = (await holdApplication(trx, '00000000-0000-4000-8000-000000000001'))!;
      expect(await completeHeldStep(held, await applicantIn(trx), steps[0])).toBe(steps[1]);
      // An applicant of another application is not moved with this one's row.
      await expect(
        completeHeldStep(held, { ...(await applicantIn(trx)), application_id: 'other' }, steps[1]),
      ).rejects.toThrow('is not of application');
    });
    expect(await current()).toBe(steps[1]);
  });

  it('holds an application only inside a transaction, and none that does not exist', async () => {
    await expect(holdApplication(testDb.db, '00000000-0000-4000-8000-000000000001')).rejects.toThrow('transaction');
    await testDb.db.transaction().execute(async (trx) => {
      expect(await holdApplication(trx, '00000000-0000-4000-8000-00000000ffff')).toBeUndefined();
      expect(await holdApplication(trx, '00000000-0000-4000-8000-000000000001', { profileId: 'someone else' })).toBe(
        undefined,
      );
    });
  });

  it('reports an unknown applicant', async () => {
    await expect(completeStep(testDb.db, '00000000-0000-4000-8000-00000000ffff', steps[0])).rejects.toThrow(
      'No applicant',
    );
  });
});

describe('stepStates', () => {
  it('marks earlier steps completed, the current one in progress and later ones not startable', () => {
    expect(stepStates(steps[2])).toEqual(
      steps.map((step, i) => ({
        step,
        state: i < 2 ? 'COMPLETED' : i === 2 ? 'IN_PROGRESS' : 'CANNOT_START_YET',
      })),
    );
  });
});
