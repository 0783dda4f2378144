import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../accounts/testing/client';
import { signIn, validApplicationForm, validDeclarations, type Caller } from '../applications/testing/client';
import { departmentDay } from '../../shared/validity';
import { buildTestApp, databases } from '../testing/harness';
import { decideApplicant } from '../lifecycle/public';
import { decisionFacts } from './facts';
import { runOfficer } from './officer';
import { loadDecisionRules } from './rules';
import { decideAll, decisionOf, statusesOf, submitWith } from './testing/client';

// The background worker stays off: each test decides at the moment it chooses.
process.env.DECISION_POLL_SECONDS = '0';

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The day before the same date two years on (28 February from 29 February): two calendar years of validity. */
const twoYearsOn = (day: string) => {
  const [year, month, date] = day.split('-');
  const same = `${Number(year) + 2}-${month}-${date}`;
  return month === '02' && date === '29' ? `${Number(year) + 2}-02-28` : addDays(same, -1);
};

describe.each(databases())('decisions on %s', (kind) => {
  let app: FastifyInstance;
  let caller: Caller;
  let email: string;
  const rules = () => loadDecisionRules(app.config.schemasDir);

  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
    caller = await signIn(app);
    email = (
      await app.db.selectFrom('profiles').select('email').where('id', '=', caller.profileId).executeTakeFirstOrThrow()
    ).email;
  });
  afterAll(async () => {
    await app.close();
  });

  const officer = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOfficer(app, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('decides nothing before the delay, then approves a clean ETA applicant with the configured validity', async () => {
    const { guid, applicants } = await submitWith(app, caller, {
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    const now = new Date();
    await app.decisions.enqueue(now);
    expect(await app.decisions.decideDue(now)).toBe(0);
    expect((await decisionOf(app, applicants[0])).state).toBe('PENDING');

    expect(await decideAll(app)).toBeGreaterThanOrEqual(1);
    const decision = await decisionOf(app, applicants[0]);
    expect(decision).toMatchObject({
      state: 'DECIDED',
      outcome: 'APPROVED',
      rules_version: rules().version,
      decided_by: 'rules',
      reason_codes: '[]',
    });
    expect(decision.document_number).toMatch(/^EA-[0-9A-Z]{5}-[0-9A-Z]{5}-.$/);
    // Valid from the day of the decision in South Africa, for two calendar years (not 730 days): the passport of
    // the example answers expires in 2034.
    expect(rules().validity.ETA).toEqual({ years: 2 });
    expect(decision.valid_from).toBe(departmentDay(new Date(decision.decided_at as string)));
    expect(decision.valid_until).toBe(twoYearsOn(decision.valid_from as string));
    const statuses = await statusesOf(app, guid);
    expect(statuses).toMatchObject({
      application: 'COMPLETE',
      applicants: [{ status: 'APPROVED', valid_until: decision.valid_until }],
    });
  });

  it('gives a permit number to an approved ETA_SECTION_11_1 applicant, valid as configured', async () => {
    const { applicants } = await submitWith(app, caller, {
      applicationType: 'ETA_SECTION_11_1',
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    const decision = await decisionOf(app, applicants[0]);
    expect(decision.document_number).toMatch(/^VV-/);
    expect(rules().validity.ETA_SECTION_11_1).toEqual({ days: 90 });
    expect(decision.valid_until).toBe(addDays(decision.valid_from as string, 90 - 1));
  });

  it('ends an approved ETA with the passport when the passport expires before the two years', async () => {
    const today = departmentDay(new Date());
    const passportExpiryDate = addDays(today, 90);
    const { guid, applicants } = await submitWith(app, caller, {
      answers: validApplicationForm({
        arrivalDate: addDays(today, 10),
        departureDate: addDays(today, 20),
        passportExpiryDate,
      }),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    const decision = await decisionOf(app, applicants[0]);
    expect(decision).toMatchObject({ state: 'DECIDED', outcome: 'APPROVED', valid_until: passportExpiryDate });
    expect((await statusesOf(app, guid)).applicants).toMatchObject([{ valid_until: passportExpiryDate }]);
  });

  it('counts a stay with both its arrival and its departure day, as the rules read it (travel.stayDays)', async () => {
    const answers = validApplicationForm({
      arrivalDate: '2030-03-02',
      departureDate: '2030-03-20',
      passportExpiryDate: '2030-09-30',
    });
    const { guid, applicants } = await submitWith(app, caller, { answers, declarations: validDeclarations() });
    const application = await app.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', guid)
      .executeTakeFirstOrThrow();
    const applicant = await app.db
      .selectFrom('applicants')
      .selectAll()
      .where('id', '=', applicants[0])
      .executeTakeFirstOrThrow();
    expect((await decisionFacts(app.db, application, applicant)).travel).toEqual({
      stayDays: 19,
      passportDaysAfterDeparture: 194,
    });
  });

  it('refuses automatically only for objective ineligibility, with the reason codes, and issues a notice number', async () => {
    const answers = validApplicationForm({ departureDate: '2030-03-20', passportExpiryDate: '2030-04-01' });
    const { guid, applicants } = await submitWith(app, caller, { answers, declarations: validDeclarations() });
    await decideAll(app);
    const decision = await decisionOf(app, applicants[0]);
    expect(decision).toMatchObject({ state: 'DECIDED', outcome: 'REJECTED', valid_until: null });
    expect(JSON.parse(decision.reason_codes)).toEqual(['PASSPORT_EXPIRES_TOO_SOON']);
    expect(decision.document_number).toMatch(/^RN-/);
    expect(await statusesOf(app, guid)).toMatchObject({
      application: 'COMPLETE',
      applicants: [{ status: 'REJECTED' }],
    });
  });

  it('refers a declared conviction to a case officer: the applicant stays SUBMITTED and nothing is e-mailed', async () => {
    const before = (await mailbox(app, email)).length;
    const { guid, applicants } = await submitWith(app, caller, {
      count: 2,
      answers: validApplicationForm(),
      declarations: validDeclarations({ criminalConviction: true, criminalConvictionDetails: 'A fine in 2010.' }),
    });
    await decideAll(app);
    const decision = await decisionOf(app, applicants[0]);
    expect(decision).toMatchObject({ state: 'REFERRED', outcome: null, document_number: null, mail_state: 'NONE' });
    expect(JSON.parse(decision.reason_codes)).toEqual(['DECLARED_CRIMINAL_CONVICTION']);
    expect(await statusesOf(app, guid)).toMatchObject({
      application: 'SUBMITTED',
      applicants: [{ status: 'SUBMITTED' }, { status: 'SUBMITTED' }],
    });
    // The submission e-mail only.
    expect((await mailbox(app, email)).length).toBe(before + 1);

    const listed = await officer('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(applicants[0]);
    expect(listed.out).toContain('DECLARED_CRIMINAL_CONVICTION');
    const shown = await officer('show', applicants[0]);
    expect(shown.out).toContain('"criminalConviction": true');

    const noReason = await officer('refuse', applicants[0], '--officer', 'k.naidoo');
    expect(noReason).toMatchObject({ code: 1, err: 'A refusal needs at least one reason.' });
    expect((await officer('approve', applicants[0])).code).toBe(2);
    const unknown = await officer('refuse', applicants[0], '--officer', 'k.naidoo', '--reason', 'NOT_A_REASON');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.err).toContain('Unknown refusal reason NOT_A_REASON');
    expect((await decisionOf(app, applicants[0])).state).toBe('REFERRED');

    const refused = await officer('refuse', applicants[0], '--officer', 'k.naidoo', '--reason', 'CRIMINAL_RECORD');
    expect(refused).toMatchObject({ code: 0 });
    expect(await decisionOf(app, applicants[0])).toMatchObject({
      state: 'DECIDED',
      outcome: 'REJECTED',
      decided_by: 'officer:k.naidoo',
      reason_codes: '["CRIMINAL_RECORD"]',
      mail_state: 'SENT',
    });
    // One applicant still waits: the application is not complete yet.
    expect((await statusesOf(app, guid)).application).toBe('SUBMITTED');
    expect((await officer('refuse', applicants[0], '--officer', 'x', '--reason', 'CRIMINAL_RECORD')).code).toBe(1);

    expect((await officer('approve', applicants[1], '--officer', 'k.naidoo')).code).toBe(0);
    expect(await statusesOf(app, guid)).toMatchObject({
      application: 'COMPLETE',
      applicants: [{ status: 'REJECTED' }, { status: 'APPROVED' }],
    });
    const messages = await mailbox(app, email);
    expect(messages.length).toBe(before + 3);
  });

  it('e-mails each decision once, in the profile language, with what it means and a link to view it', async () => {
    await app.db.updateTable('profiles').set({ language: 'fr' }).where('id', '=', caller.profileId).execute();
    const before = (await mailbox(app, email)).length;
    const { applicants, reference } = await submitWith(app, caller, {
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    await decideAll(app);
    await app.db.updateTable('profiles').set({ language: 'en' }).where('id', '=', caller.profileId).execute();
    const messages = await mailbox(app, email);
    // The submission e-mail and one decision e-mail.
    expect(messages.length).toBe(before + 2);
    const decisionMail = messages.find((m) => m.subject === 'Votre autorisation de voyage électronique a été accordée');
    expect(decisionMail?.text).toContain(reference);
    expect(decisionMail?.text).toContain(`/applications/view-eta?applicantIdentifier=${applicants[0]}`);
  });

  it('marks an approved applicant EXPIRED once its validity has ended', async () => {
    const { applicants } = await submitWith(app, caller, {
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    const { valid_until: validUntil } = await decisionOf(app, applicants[0]);
    const statusOf = async () =>
      (await app.db.selectFrom('applicants').select('status').where('id', '=', applicants[0]).executeTakeFirstOrThrow())
        .status;
    // Valid to the end of its last day in South Africa (UTC+2): 21:59:59 UTC is the last second.
    await app.decisions.expire(new Date(`${validUntil}T21:59:59Z`));
    expect(await statusOf()).toBe('APPROVED');
    expect(await app.decisions.expire(new Date(`${validUntil}T22:00:00Z`))).toBeGreaterThanOrEqual(1);
    const row = { status: await statusOf() };
    expect(row.status).toBe('EXPIRED');
  });

  it('decides a row once when two workers race for it, and takes over a row whose worker went away', async () => {
    const { applicants } = await submitWith(app, caller, {
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    const later = new Date(Date.now() + 3600_000);
    await app.decisions.enqueue(later);
    await app.decisions.enqueue(later);
    const counts = await Promise.all([app.decisions.decideDue(later), app.decisions.decideDue(later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await decisionOf(app, applicants[0])).state).toBe('DECIDED');

    // A claimed row whose worker stopped before recording is decided by another after the claim timeout.
    const second = await submitWith(app, caller, {
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await app.decisions.enqueue(later);
    await app.db
      .updateTable('applicant_decisions')
      .set({ claimed_at: later.toISOString() })
      .where('applicant_id', '=', second.applicants[0])
      .execute();
    expect(await app.decisions.decideDue(new Date(later.getTime() + 1000))).toBe(0);
    expect(await app.decisions.decideDue(new Date(later.getTime() + 120_000))).toBe(1);
    expect((await decisionOf(app, second.applicants[0])).state).toBe('DECIDED');
  });

  it('completes an application whose last two applicants are decided at the same moment', async () => {
    const { guid, applicants } = await submitWith(app, caller, {
      count: 2,
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    const now = new Date();
    // One decision is recorded and not yet committed when the other starts (two instances at the same moment): each
    // must see the other's decision before it judges whether the application is complete.
    let startedFirst!: () => void;
    const firstRecorded = new Promise<void>((resolve) => (startedFirst = resolve));
    const first = app.db.transaction().execute(async (trx) => {
      await decideApplicant(trx, applicants[0], 'APPROVED', null, now);
      startedFirst();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await firstRecorded;
    const second = decideApplicant(app.db, applicants[1], 'APPROVED', null, now);
    await Promise.all([first, second]);
    const statuses = await statusesOf(app, guid);
    expect(statuses.applicants.map((a) => a.status)).toEqual(['APPROVED', 'APPROVED']);
    expect(statuses.application).toBe('COMPLETE');
  });
});
