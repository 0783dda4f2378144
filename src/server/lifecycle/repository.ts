import { sql, type Kysely } from 'kysely';
import type { PaymentFailure } from '../../shared/contract';
import type { Database } from '../db/schema';
import type { ApplicantRow, ApplicationRow, PaymentApplicantsTable, PaymentRow } from './tables';

type PaymentStatus = PaymentRow['status'];

/** The kinds of rows of `contentRepository().contentOf`. */
type ContentKind = 'answers' | 'photo' | 'document';

const updated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

/**
 * The only SQL that writes a status or a step: of applications, applicants and payments. Every write names the
 * state it moves from, so that two instances making the same move at once make it once.
 */
export function lifecycleRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes the application's row for the rest of the transaction (a write that changes nothing, or only its
     * `updated_at` to `changedAt`) and answers it: every change of an application, the start of its payment and its
     * submission wait for each other on PostgreSQL; SQLite runs one transaction at a time anyway. Undefined when
     * there is no such application (or none of `profileId`'s, when given).
     */
    lockApplication: (
      applicationId: string,
      { profileId, changedAt }: { profileId?: string; changedAt?: Date } = {},
    ): Promise<ApplicationRow | undefined> => {
      let update = db
        .updateTable('applications')
        .set((eb) => ({ updated_at: changedAt ? changedAt.toISOString() : eb.ref('updated_at') }))
        .where('id', '=', applicationId);
      if (profileId !== undefined) update = update.where('profile_id', '=', profileId);
      return update.returningAll().executeTakeFirst();
    },

    /** As lockApplication, for the application of an applicant (undefined when there is no such applicant). */
    lockApplicationOf: (applicantId: string): Promise<ApplicationRow | undefined> =>
      db
        .updateTable('applications')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', (eb) => eb.selectFrom('applicants').select('application_id').where('id', '=', applicantId))
        .returningAll()
        .executeTakeFirst(),

    applicant: (applicantId: string) =>
      db.selectFrom('applicants').selectAll().where('id', '=', applicantId).executeTakeFirst(),

    applicantsOf: (applicationId: string) =>
      db.selectFrom('applicants').selectAll().where('application_id', '=', applicationId).orderBy('position').execute(),

    insertApplication: (row: ApplicationRow) => db.insertInto('applications').values(row).execute(),

    deleteApplication: (id: string) => db.deleteFrom('applications').where('id', '=', id).execute(),

    insertApplicant: (row: ApplicantRow) => db.insertInto('applicants').values(row).execute(),

    deleteApplicant: (id: string) => db.deleteFrom('applicants').where('id', '=', id).execute(),

    /** Moves an applicant to `to` when their furthest step is one of `from`. */
    moveStep: async (applicantId: string, from: string[], to: string, now: Date) =>
      updated(
        await db
          .updateTable('applicants')
          .set({ current_step: to, updated_at: now.toISOString() })
          .where('id', '=', applicantId)
          .where('current_step', 'in', from)
          .executeTakeFirst(),
      ) === 1,

    /** Moves an application from one status to another: true when this call moved it. */
    moveApplication: async (
      applicationId: string,
      from: ApplicationRow['status'],
      to: ApplicationRow['status'],
      now: Date,
    ) =>
      updated(
        await db
          .updateTable('applications')
          .set({ status: to, updated_at: now.toISOString() })
          .where('id', '=', applicationId)
          .where('status', '=', from)
          .executeTakeFirst(),
      ) === 1,

    /** Moves applicants from one status to another (with the valid-until day of an approval): how many moved. */
    moveApplicants: async (
      applicantIds: string[],
      from: ApplicantRow['status'],
      to: ApplicantRow['status'],
      now: Date,
      validUntil?: string | null,
    ) =>
      applicantIds.length === 0
        ? 0
        : updated(
            await db
              .updateTable('applicants')
              .set({
                status: to,
                updated_at: now.toISOString(),
                ...(validUntil === undefined ? {} : { valid_until: validUntil }),
              })
              .where('id', 'in', applicantIds)
              .where('status', '=', from)
              .executeTakeFirst(),
          ),

    /** Whether an application still has an applicant in `status`. */
    hasApplicantIn: async (applicationId: string, status: ApplicantRow['status']) =>
      Boolean(
        await db
          .selectFrom('applicants')
          .select('id')
          .where('application_id', '=', applicationId)
          .where('status', '=', status)
          .executeTakeFirst(),
      ),

    payment: (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Stores a new live attempt unless another is live (the unique index decides): true when stored. */
    insertPayment: async (row: PaymentRow) => {
      const result = await db
        .insertInto('payments')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    insertPaymentApplicants: (rows: PaymentApplicantsTable[]) =>
      rows.length === 0
        ? Promise.resolve()
        : db
            .insertInto('payment_applicants')
            .values(rows)
            .execute()
            .then(() => {}),

    paymentApplicants: (paymentId: string) =>
      db.selectFrom('payment_applicants').selectAll().where('payment_id', '=', paymentId).orderBy('position').execute(),

    /** Moves a payment from one of `from` to `to`: true when this call moved it. */
    movePayment: async (
      id: string,
      from: PaymentStatus[],
      to: PaymentStatus,
      failure: PaymentFailure | null,
      now: Date,
    ) =>
      updated(
        await db
          .updateTable('payments')
          .set({ status: to, failure, updated_at: now.toISOString() })
          .where('id', '=', id)
          .where('status', 'in', from)
          .executeTakeFirst(),
      ) === 1,

    /** Voids the live attempts of an application; answers their ids. */
    voidLive: async (applicationId: string, now: Date): Promise<string[]> => {
      const live = await db
        .selectFrom('payments')
        .select('id')
        .where('application_id', '=', applicationId)
        .where('status', '=', 'PENDING')
        .execute();
      if (live.length === 0) return [];
      await db
        .updateTable('payments')
        .set({ status: 'VOIDED', failure: null, updated_at: now.toISOString() })
        .where(
          'id',
          'in',
          live.map((row) => row.id),
        )
        .where('status', '=', 'PENDING')
        .execute();
      return live.map((row) => row.id);
    },
  };
}

/** The SQL of what applicants have given (answers, photos, documents), read for the guards of payment and submission. */
export function contentRepository(db: Kysely<Database>) {
  return {
    /**
     * Everything the applicants have given beyond their facts, in one statement: a row per form's answers
     * (`a` the form, `b` the answers, `c` the page last saved, `n` whether complete), per accepted photo (`a` its
     * type, `b` its storage key) and per supporting document (`a` its id, `b` its type, `c` its SHA-256, `d` its
     * storage key).
     */
    contentOf: (applicantIds: string[]) => {
      const none = sql<string | null>`null`;
      return db
        .selectFrom('applicant_answers')
        .select([
          'applicant_id',
          sql<ContentKind>`'answers'`.as('kind'),
          'form_id as a',
          'answers as b',
          'last_page as c',
          none.as('d'),
          sql<number | null>`${sql.ref('complete')}`.as('n'),
        ])
        .where('applicant_id', 'in', applicantIds)
        .unionAll(
          db
            .selectFrom('applicant_photos')
            .select([
              'applicant_id',
              sql<ContentKind>`'photo'`.as('kind'),
              'photo_type as a',
              'storage_key as b',
              none.as('c'),
              none.as('d'),
              sql<number | null>`null`.as('n'),
            ])
            .where('applicant_id', 'in', applicantIds),
        )
        .unionAll(
          db
            .selectFrom('applicant_documents')
            .select([
              'applicant_id',
              sql<ContentKind>`'document'`.as('kind'),
              'id as a',
              'document_type as b',
              'sha256 as c',
              'storage_key as d',
              sql<number | null>`null`.as('n'),
            ])
            .where('applicant_id', 'in', applicantIds),
        )
        .execute();
    },

    /** Which of the applicants have one of the forms saved but not complete (one row for each such form). */
    incompleteForms: (applicantIds: string[], formIds: string[]) =>
      db
        .selectFrom('applicant_answers')
        .select('applicant_id')
        .where('applicant_id', 'in', applicantIds)
        .where('form_id', 'in', formIds)
        .where('complete', '=', 0)
        .execute(),
  };
}
