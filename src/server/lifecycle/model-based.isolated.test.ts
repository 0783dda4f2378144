// @long-running (tests/support/long-first-sequencer.ts): one of the longest files, started first in its group.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databases } from '../testing/harness';
import {
  AddApplicant,
  CompleteApplicant,
  Confirm,
  CreateApplication,
  Decide,
  OfficerDecision,
  PayCard,
  Probe,
  Register,
  runSequence,
  sequences,
  StartPayment,
} from './testing/model/commands';
import { startWorld, WEBHOOK_SECRET, type World } from './testing/model/world';

// The photos' image analysis (about 300 ms a photo here) has tests of its own (image-checks.test.ts): here every
// photo the test sends is a good one, so the analysis answers what it answers for them, at once, and the capture
// flow, storage and steps around it run as they are.
vi.mock('../biometrics/image-checks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../biometrics/image-checks')>();
  const { acceptedAsTaken } = await import('./testing/model/photos');
  return { ...actual, checkImage: acceptedAsTaken };
});

/**
 * The state machine against a small model of what must hold (testing/model/model.ts), driven by random sequences
 * of real calls on two instances by two accounts (testing/model/commands.ts). LIFECYCLE_MODEL_RUNS sets how many
 * sequences (by default 200 on SQLite and 40 on PostgreSQL); LIFECYCLE_MODEL_SEED and LIFECYCLE_MODEL_PATH replay
 * the failure fast-check printed. A failing sequence is printed shrunk, as commands: paste it into `runSequence`.
 */

/** How many rows of each state all the sequences left (a sequence's applications stay in the database). */
async function coverage(world: World): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const add = (key: string, n: number | string | bigint) => (counts[key] = (counts[key] ?? 0) + Number(n));
  const count = (table: 'payments' | 'applicants' | 'applicant_decisions', column: 'status' | 'state') =>
    world.db
      .selectFrom(table)
      .select([column, world.db.fn.countAll<number>().as('n')])
      .groupBy(column)
      .execute() as Promise<Record<string, unknown>[]>;
  for (const row of await count('payments', 'status')) add(`payments ${String(row.status)}`, row.n as number);
  for (const row of await count('applicants', 'status')) add(`applicants ${String(row.status)}`, row.n as number);
  for (const row of await count('applicant_decisions', 'state')) add(`decisions ${String(row.state)}`, row.n as number);
  const outcomes = await world.db
    .selectFrom('applicant_decisions')
    .select(['outcome', world.db.fn.countAll<number>().as('n')])
    .where('outcome', 'is not', null)
    .groupBy('outcome')
    .execute();
  for (const row of outcomes) add(`decided ${String(row.outcome)}`, row.n);
  const officer = await world.db
    .selectFrom('applicant_decisions')
    .select(world.db.fn.countAll<number>().as('n'))
    .where('decided_by', 'like', 'officer:%')
    .executeTakeFirstOrThrow();
  add('decided by an officer', officer.n);
  const refunded = await world.db
    .selectFrom('sandbox_payments')
    .select(world.db.fn.countAll<number>().as('n'))
    .where('status', '=', 'REFUNDED')
    .executeTakeFirstOrThrow();
  add('provider refunds', refunded.n);
  return counts;
}

const runs = (kind: string) => {
  const asked = Number(process.env.LIFECYCLE_MODEL_RUNS);
  return Number.isInteger(asked) && asked > 0 ? asked : kind === 'sqlite' ? 200 : 40;
};
const seed = process.env.LIFECYCLE_MODEL_SEED ? Number(process.env.LIFECYCLE_MODEL_SEED) : undefined;
const path = process.env.LIFECYCLE_MODEL_PATH || undefined;

describe.each(databases())('the state machine against its model, on %s', (kind) => {
  let world: World;
  beforeAll(async () => {
    vi.stubEnv('DECISION_POLL_SECONDS', '0');
    vi.stubEnv('PAYMENT_WEBHOOK_SECRET', WEBHOOK_SECRET);
    world = await startWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    vi.unstubAllEnvs();
  });

  it('never submits a family member added after Pay (the sequence of the finding)', async () => {
    await runSequence(world, [
      new CreateApplication(0, 'ETA', 'SELF_AND_OTHERS', 0),
      new AddApplicant(0, 'holder', 0, 0),
      new CompleteApplicant(0, 0, 0),
      new StartPayment(0, 'fresh', 0),
      new AddApplicant(0, 'child', 1, 1),
      new AddApplicant(0, 'child', 2, 0),
      new PayCard(0, 0, 0, 'authenticate', 1),
      new Confirm(0, 0),
      new Decide('due', 1),
      new CompleteApplicant(0, 1, 1),
      new CompleteApplicant(0, 2, 0),
      new StartPayment(0, 'fresh', 1),
      new PayCard(0, 0, 1, 'authenticate', 0),
      new Confirm(0, 1),
      new Decide('due', 0),
      new Register(),
      new Probe(0, true, 1),
    ]);
  }, 120_000);

  it('has a referred applicant decided by a case officer, and the decision is theirs alone', async () => {
    const refused = () =>
      world.db
        .selectFrom('applicant_decisions')
        .select('applicant_id')
        .where('decided_by', 'like', 'officer:%')
        .where('outcome', '=', 'REJECTED')
        .execute();
    const before = (await refused()).length;
    await runSequence(world, [
      new CreateApplication(0, 'ETA', 'SELF_AND_OTHERS', 1),
      new AddApplicant(0, 'holder', 0, 1),
      new CompleteApplicant(0, 0, 1, 'yes'),
      new StartPayment(0, 'fresh', 0),
      new PayCard(0, 0, 0, 'authenticate', 1),
      new Decide('due', 0),
      new OfficerDecision(0, false, 1),
      new Register(),
      new Probe(0, false, 0),
    ]);
    expect((await refused()).length).toBe(before + 1);
  }, 120_000);

  it(`holds after every command of ${runs(kind)} random sequences on two instances`, async () => {
    const before = await coverage(world);
    await fc.assert(
      fc.asyncProperty(sequences(), ([beginning, commands]) => runSequence(world, commands, beginning)),
      { numRuns: runs(kind), seed, path, ...(seed === undefined ? {} : { verbose: 2 }) },
    );
    // What the sequences reached, so that a generator that no longer gets far is seen.
    const after = await coverage(world);
    const reached = Object.fromEntries(Object.entries(after).map(([state, n]) => [state, n - (before[state] ?? 0)]));
    console.info(`model-based sequences on ${kind} reached: ${JSON.stringify(reached)}`);
    if (runs(kind) >= 100 && seed === undefined) {
      for (const state of ['payments PAID', 'payments VOIDED', 'decided APPROVED'])
        expect(reached[state] ?? 0, state).toBeGreaterThan(0);
    }
  }, 1_800_000);
});
