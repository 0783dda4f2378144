import type { Kysely } from 'kysely';
import { mailDeliveries } from '../db/mail-deliveries';
import type { Database } from '../db/schema';
import type { ApplicantDecisionsTable, DecisionOutcome } from './tables';

/** What a decision writes when it is recorded. */
export interface RecordedDecision {
  state: 'REFERRED' | 'DECIDED';
  outcome: DecisionOutcome | null;
  reasonCodes: string[];
  rulesVersion: string | null;
  decidedBy: string;
  documentNumber: string | null;
  validFrom: string | null;
  validUntil: string | null;
}

/**
 * The queries of decisions. Submitted applicants, their applications and submissions are read here too: a decision
 * starts from the submission that payments recorded.
 */
export function decisionsRepository(db: Kysely<Database>) {
  return {
    /** Submitted applicants that have no decision row yet, with their submission time (a batch, oldest first). */
    undecidedSubmitted: (limit: number) =>
      db
        .selectFrom('applicants')
        .innerJoin('application_submissions', 'application_submissions.application_id', 'applicants.application_id')
        .select(['applicants.id', 'applicants.application_id', 'application_submissions.submitted_at'])
        .where('applicants.status', '=', 'SUBMITTED')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('applicant_decisions')
                .select('applicant_decisions.applicant_id')
                .whereRef('applicant_decisions.applicant_id', '=', 'applicants.id'),
            ),
          ),
        )
        .orderBy('application_submissions.submitted_at')
        .limit(limit)
        .execute(),

    /** Adds a pending decision; another instance adding the same one first is no error. */
    insertPending: (row: ApplicantDecisionsTable) =>
      db
        .insertInto('applicant_decisions')
        .values(row)
        .onConflict((oc) => oc.column('applicant_id').doNothing())
        .execute(),

    /** Pending decisions that are due and not taken by a live instance (claimed before `staleBefore`, or never). */
    due: (now: Date, staleBefore: Date, limit: number) =>
      db
        .selectFrom('applicant_decisions')
        .selectAll()
        .where('state', '=', 'PENDING')
        .where('due_at', '<=', now.toISOString())
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore.toISOString())]))
        .orderBy('due_at')
        .limit(limit)
        .execute(),

    /** Takes a pending decision for this caller: true when its claim time moved on from the value read. */
    claim: async (row: Pick<ApplicantDecisionsTable, 'applicant_id' | 'claimed_at'>, now: Date) => {
      const result = await db
        .updateTable('applicant_decisions')
        .set({ claimed_at: now.toISOString() })
        .where('applicant_id', '=', row.applicant_id)
        .where('state', '=', 'PENDING')
        .where((eb) => (row.claimed_at === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', row.claimed_at)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Records a decision on a row still in `fromState` (and, for a claimed pending row, still claimed at
     * `claimedAt`): false when someone else recorded it first, so that a decision is made once.
     */
    record: async (
      applicantId: string,
      fromState: 'PENDING' | 'REFERRED',
      claimedAt: string | null,
      decision: RecordedDecision,
      now: Date,
    ) => {
      let query = db
        .updateTable('applicant_decisions')
        .set({
          state: decision.state,
          outcome: decision.outcome,
          reason_codes: JSON.stringify(decision.reasonCodes),
          rules_version: decision.rulesVersion,
          decided_by: decision.decidedBy,
          decided_at: now.toISOString(),
          document_number: decision.documentNumber,
          valid_from: decision.validFrom,
          valid_until: decision.validUntil,
          mail_state: decision.state === 'DECIDED' ? 'PENDING' : 'NONE',
        })
        .where('applicant_id', '=', applicantId)
        .where('state', '=', fromState);
      if (fromState === 'PENDING') query = query.where('claimed_at', '=', claimedAt);
      return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
    },

    byApplicant: (applicantId: string) =>
      db.selectFrom('applicant_decisions').selectAll().where('applicant_id', '=', applicantId).executeTakeFirst(),

    byDocumentNumber: (documentNumber: string) =>
      db.selectFrom('applicant_decisions').selectAll().where('document_number', '=', documentNumber).executeTakeFirst(),

    /** Keeps a document's seal unless one is kept already; answers the one kept (so every copy is the same). */
    keepSeal: async (applicantId: string, seal: string): Promise<string> => {
      await db
        .updateTable('applicant_decisions')
        .set({ seal })
        .where('applicant_id', '=', applicantId)
        .where('seal', 'is', null)
        .execute();
      const row = await db
        .selectFrom('applicant_decisions')
        .select('seal')
        .where('applicant_id', '=', applicantId)
        .executeTakeFirstOrThrow();
      return row.seal ?? seal;
    },

    /** Decisions waiting for a case officer, oldest first. */
    referred: () =>
      db.selectFrom('applicant_decisions').selectAll().where('state', '=', 'REFERRED').orderBy('decided_at').execute(),

    /** Approved applicants whose validity ended before `today` (YYYY-MM-DD), a batch. */
    expiredApproved: (today: string, limit: number) =>
      db
        .selectFrom('applicants')
        .select(['id'])
        .where('status', '=', 'APPROVED')
        .where('valid_until', '<', today)
        .limit(limit)
        .execute(),

    ...mailDeliveries(db, 'applicant_decisions', 'applicant_id', 'decided_at'),

    application: (applicationId: string) =>
      db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst(),

    applicant: (applicantId: string) =>
      db.selectFrom('applicants').selectAll().where('id', '=', applicantId).executeTakeFirst(),

    submission: (applicationId: string) =>
      db
        .selectFrom('application_submissions')
        .selectAll()
        .where('application_id', '=', applicationId)
        .executeTakeFirst(),

    profileContact: (profileId: string) =>
      db
        .selectFrom('profiles')
        .select(['email', 'language', 'given_names'])
        .where('id', '=', profileId)
        .executeTakeFirst(),
  };
}
