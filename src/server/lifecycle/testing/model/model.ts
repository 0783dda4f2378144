import type { Caller } from '../../../applications/testing/client';
import { DEFAULT_FEES } from '../../../payments/config';
import { missingSteps, type World } from './world';

/**
 * The small model the model-based test checks the real system against: what the two account holders know they
 * did (their applications, applicants, documents, payments started and what each was started for), and the
 * invariants that must hold after every command, read from the database.
 */

export interface ModelApplicant {
  id: string;
}

export interface ModelPayment {
  id: string;
  key: string;
  redirectUrl: string;
  /** The applicants the application had, as the account holder knew them, when the payment started. */
  applicants: string[];
  /** What each of them had given then (a digest of their rows). */
  contents: Record<string, string>;
}

export interface ModelApplication {
  id: string;
  owner: number;
  type: 'ETA' | 'ETA_SECTION_11_1';
  applyingFor: 'SELF' | 'SELF_AND_OTHERS' | 'OTHERS';
  applicants: ModelApplicant[];
  documents: string[];
  payments: ModelPayment[];
  deleted: boolean;
}

export interface Model {
  accounts: { caller: Caller }[];
  applications: ModelApplication[];
  /** Passport numbers given so far (an applicant may be given one again). */
  passports: string[];
  /** Webhook event ids sent so far (an event may be sent again). */
  events: string[];
  /** Applications whose submission was already checked against the payment that made it (checked once). */
  checked: string[];
  /** False while commands run at the same time: a refusal cannot then be told from the other's change. */
  strict: boolean;
}

export const emptyModel = (): Model => ({
  accounts: [],
  applications: [],
  passports: [],
  events: [],
  checked: [],
  strict: true,
});

/** The applications not deleted. */
export const liveApplications = (model: Model) => model.applications.filter((a) => !a.deleted);

/** The i-th live application (modulo), if any. */
export const pickApplication = (model: Model, i: number) => {
  const live = liveApplications(model);
  return live.length === 0 ? undefined : live[i % live.length];
};

/** The j-th applicant (modulo) of an application, if any. */
export const pickApplicant = (application: ModelApplication, j: number) =>
  application.applicants.length === 0 ? undefined : application.applicants[j % application.applicants.length];

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
};

/** A digest of what each applicant of an application has given, by applicant id (the test's own reading). */
export async function contentsOf(world: World, applicationId: string): Promise<Record<string, string>> {
  const applicants = await world.db
    .selectFrom('applicants')
    .select([
      'id',
      'is_account_holder',
      'relationship',
      'given_names',
      'family_name',
      'date_of_birth',
      'nationality',
      'passport_country',
      'passport_number',
    ])
    .where('application_id', '=', applicationId)
    .execute();
  if (applicants.length === 0) return {};
  const ids = applicants.map((a) => a.id);
  const [answers, photos, documents] = await Promise.all([
    world.db
      .selectFrom('applicant_answers')
      .select(['applicant_id', 'form_id', 'answers', 'complete'])
      .where('applicant_id', 'in', ids)
      .orderBy('form_id')
      .execute(),
    world.db
      .selectFrom('applicant_photos')
      .select(['applicant_id', 'photo_type', 'storage_key'])
      .where('applicant_id', 'in', ids)
      .orderBy('photo_type')
      .execute(),
    world.db
      .selectFrom('applicant_documents')
      .select(['applicant_id', 'id', 'document_type', 'sha256'])
      .where('applicant_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  const result: Record<string, string> = {};
  for (const applicant of applicants) {
    const of = <T extends { applicant_id: string }>(rows: T[]) => rows.filter((r) => r.applicant_id === applicant.id);
    result[applicant.id] = JSON.stringify(
      canonical({
        applicant,
        answers: of(answers).map((a) => ({ ...a, answers: JSON.parse(a.answers) as unknown })),
        photos: of(photos),
        documents: of(documents),
      }),
    );
  }
  return result;
}

/** The rows a refused call must leave as they were: everything of the model's accounts (capture sessions aside). */
export async function rowsOf(world: World, model: Model): Promise<string> {
  const profiles = model.accounts.map((a) => a.caller.profileId);
  if (profiles.length === 0) return '';
  const db = world.db;
  const applications = await db
    .selectFrom('applications')
    .selectAll()
    .where('profile_id', 'in', profiles)
    .orderBy('id')
    .execute();
  const ids = applications.map((a) => a.id);
  const paymentIds = model.applications.flatMap((a) => a.payments.map((p) => p.id));
  const some = <T>(list: unknown[], query: () => Promise<T[]>) => (list.length === 0 ? Promise.resolve([]) : query());
  const applicants = await some(ids, () =>
    db.selectFrom('applicants').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
  );
  const applicantIds = applicants.map((a) => a.id);
  const tables = {
    applications,
    applicants,
    answers: await some(applicantIds, () =>
      db
        .selectFrom('applicant_answers')
        .selectAll()
        .where('applicant_id', 'in', applicantIds)
        .orderBy('applicant_id')
        .orderBy('form_id')
        .execute(),
    ),
    photos: await some(applicantIds, () =>
      db
        .selectFrom('applicant_photos')
        .selectAll()
        .where('applicant_id', 'in', applicantIds)
        .orderBy('applicant_id')
        .orderBy('photo_type')
        .execute(),
    ),
    documents: await some(ids, () =>
      db.selectFrom('applicant_documents').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
    ),
    payments: await some(ids, () =>
      db.selectFrom('payments').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
    ),
    paymentApplicants: await some(paymentIds, () =>
      db
        .selectFrom('payment_applicants')
        .selectAll()
        .where('payment_id', 'in', paymentIds)
        .orderBy('payment_id')
        .orderBy('applicant_id')
        .execute(),
    ),
    sandbox: await some(paymentIds, () =>
      db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('idempotency_key', 'in', paymentIds)
        .orderBy('idempotency_key')
        .execute(),
    ),
    submissions: await some(ids, () =>
      db
        .selectFrom('application_submissions')
        .selectAll()
        .where('application_id', 'in', ids)
        .orderBy('application_id')
        .execute(),
    ),
    decisions: await some(ids, () =>
      db
        .selectFrom('applicant_decisions')
        .selectAll()
        .where('application_id', 'in', ids)
        .orderBy('applicant_id')
        .execute(),
    ),
  };
  return JSON.stringify(tables);
}

/** A broken invariant: the message says which and where. */
export class InvariantBroken extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvariantBroken';
  }
}

const expect = (holds: boolean, message: () => string) => {
  if (!holds) throw new InvariantBroken(message());
};

/**
 * What must hold after every command, read from the database for the model's accounts:
 * - every application is its account's, and every applicant, document and decision is its application's;
 * - no applicant is submitted or decided without every step done (photos, both forms complete by the forms' own
 *   check, every required document), judged from what they gave;
 * - a submission is made by exactly one PAID payment, and a PAID payment makes exactly one submission;
 * - the applicants submitted are exactly those the payment was started for, each as they were then, and the
 *   amount paid is exactly their fees;
 * - money the provider kept belongs to a PAID payment (anything else was refunded), and nothing is HELD.
 */
export async function checkInvariants(world: World, model: Model): Promise<void> {
  const { db } = world;
  const ids = model.applications.map((a) => a.id);
  if (ids.length === 0) return;
  const [rows, allApplicants, allPayments, allSubmissions, allDecisions, allDocuments] = await Promise.all([
    db.selectFrom('applications').selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('applicants').selectAll().where('application_id', 'in', ids).execute(),
    db.selectFrom('payments').selectAll().where('application_id', 'in', ids).execute(),
    db.selectFrom('application_submissions').selectAll().where('application_id', 'in', ids).execute(),
    db.selectFrom('applicant_decisions').selectAll().where('application_id', 'in', ids).execute(),
    db
      .selectFrom('applicant_documents')
      .select(['id', 'applicant_id', 'application_id'])
      .where('application_id', 'in', ids)
      .execute(),
  ]);
  const paymentIds = allPayments.map((p) => p.id);
  const charges = paymentIds.length
    ? await db
        .selectFrom('sandbox_payments')
        .select(['idempotency_key', 'status', 'amount'])
        .where('idempotency_key', 'in', paymentIds)
        .execute()
    : [];
  for (const known of model.applications) {
    const application = rows.find((r) => r.id === known.id);
    if (!application) {
      expect(known.deleted, () => `application ${known.id} vanished without being deleted`);
      continue;
    }
    expect(!known.deleted, () => `application ${known.id} is still there after it was deleted`);
    const owner = model.accounts[known.owner].caller.profileId;
    expect(application.profile_id === owner, () => `application ${known.id} belongs to another account`);

    const applicants = allApplicants.filter((a) => a.application_id === known.id);
    const payments = allPayments.filter((p) => p.application_id === known.id);
    const submissions = allSubmissions.filter((s) => s.application_id === known.id);
    const decisions = allDecisions.filter((d) => d.application_id === known.id);
    const documents = allDocuments.filter((d) => d.application_id === known.id);
    const applicantIds = new Set(applicants.map((a) => a.id));
    expect(
      documents.every((d) => applicantIds.has(d.applicant_id)),
      () => `a document of application ${known.id} names an applicant of another application`,
    );
    expect(
      decisions.every((d) => applicantIds.has(d.applicant_id)),
      () => `a decision of application ${known.id} names an applicant of another application`,
    );

    const paid = payments.filter((p) => p.status === 'PAID');
    expect(submissions.length <= 1, () => `application ${known.id} was submitted ${submissions.length} times`);
    expect(
      paid.length === submissions.length,
      () => `application ${known.id} has ${paid.length} PAID payments and ${submissions.length} submissions`,
    );
    expect(
      payments.filter((p) => p.status === 'PENDING').length <= 1,
      () => `application ${known.id} has more than one live payment`,
    );
    expect(!payments.some((p) => p.status === 'HELD'), () => `a payment of ${known.id} is HELD: the refund failed`);
    for (const charge of charges.filter((c) => c.status === 'SUCCEEDED')) {
      const payment = payments.find((p) => p.id === charge.idempotency_key);
      if (!payment) continue;
      expect(
        payment.status === 'PAID',
        () => `the provider kept ${charge.amount} for payment ${charge.idempotency_key}, which is ${payment.status}`,
      );
    }

    const submitted = applicants.filter((a) => a.status !== 'NOT_SUBMITTED');
    if (submissions.length === 0) {
      expect(
        submitted.length === 0 && application.status === 'IN_PROGRESS',
        () => `application ${known.id} (${application.status}) has submitted applicants but no submission`,
      );
      expect(decisions.length === 0, () => `an applicant of ${known.id} was decided without a submission`);
      continue;
    }

    const [submission] = submissions;
    const payment = paid[0];
    expect(submission.payment_id === payment.id, () => `the submission of ${known.id} names another payment`);
    expect(application.status !== 'IN_PROGRESS', () => `application ${known.id} is submitted but IN_PROGRESS`);
    expect(
      submitted.length === applicants.length,
      () => `application ${known.id} is submitted but ${applicants.length - submitted.length} applicants are not`,
    );
    const fees = DEFAULT_FEES[application.application_type] * submitted.length;
    expect(
      submission.amount === fees && payment.amount === fees,
      () =>
        `${submitted.length} applicants submitted for ${submission.amount} (payment ${payment.amount}), fees ${fees}`,
    );
    if (!model.checked.includes(known.id)) {
      // Once, when the submission is first seen: nothing of a submitted application changes afterwards.
      const started = known.payments.find((p) => p.id === payment.id);
      expect(started !== undefined, () => `payment ${payment.id} was never started by its account`);
      const startedFor = [...(started as ModelPayment).applicants].sort();
      const nowFor = submitted.map((a) => a.id).sort();
      expect(
        JSON.stringify(startedFor) === JSON.stringify(nowFor),
        () =>
          `payment ${payment.id} was started for ${startedFor.length} applicants [${startedFor.join(', ')}] and ` +
          `submitted ${nowFor.length} [${nowFor.join(', ')}]`,
      );
      const contents = await contentsOf(world, known.id);
      for (const id of nowFor)
        expect(
          (started as ModelPayment).contents[id] === contents[id],
          () => `applicant ${id} was submitted with other content than when payment ${payment.id} started`,
        );
      for (const applicant of submitted) {
        const missing = await missingSteps(world, application, applicant);
        expect(
          missing.length === 0,
          () => `applicant ${applicant.id} was submitted (${applicant.status}) without: ${missing.join('; ')}`,
        );
      }
      model.checked.push(known.id);
    }
    for (const decision of decisions) {
      const applicant = applicants.find((a) => a.id === decision.applicant_id);
      if (decision.state !== 'DECIDED') {
        expect(
          applicant?.status === 'SUBMITTED',
          () => `applicant ${decision.applicant_id} waits but is not SUBMITTED`,
        );
        continue;
      }
      const outcome = applicant?.status === 'REJECTED' ? 'REJECTED' : 'APPROVED';
      expect(
        decision.outcome === outcome && applicant?.status !== 'SUBMITTED',
        () => `applicant ${decision.applicant_id} is ${applicant?.status} but decided ${decision.outcome}`,
      );
    }
    const waiting = applicants.some((a) => a.status === 'SUBMITTED');
    expect(
      application.status === (waiting ? 'SUBMITTED' : 'COMPLETE'),
      () => `application ${known.id} is ${application.status} with ${waiting ? 'applicants waiting' : 'all decided'}`,
    );
  }
}
