import type { Kysely } from 'kysely';
import type { PaymentFailure } from '../../shared/contract';
import { mailDeliveries } from '../db/mail-deliveries';
import type { Database } from '../db/schema';
import { newSubmissionReference } from './reference';
import type { ApplicationSubmissionsTable, PaymentRowStatus, PaymentsTable } from './tables';

/** The queries of payments and submissions (and the few facts they read of applications and profiles). */
export function paymentsRepository(db: Kysely<Database>) {
  return {
    applicantsOf: (applicationId: string) =>
      db
        .selectFrom('applicants')
        .select(['id', 'given_names', 'family_name', 'current_step'])
        .where('application_id', '=', applicationId)
        .orderBy('position')
        .execute(),

    application: (applicationId: string) =>
      db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst(),

    profileContact: (profileId: string) =>
      db
        .selectFrom('profiles')
        .select(['email', 'language', 'given_names'])
        .where('id', '=', profileId)
        .executeTakeFirst(),

    paymentById: (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),

    paymentByKey: (applicationId: string, key: string) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),

    /** The live attempt of an application (there is at most one). */
    livePayment: (applicationId: string) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst(),

    /** The attempts that were not replaced by a newer one, newest first. */
    attempts: (applicationId: string) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('status', '!=', 'SUPERSEDED')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Stores a new attempt unless its key is used or another attempt is live: true when stored. */
    insertPayment: async (row: PaymentsTable) => {
      const result = await db
        .insertInto('payments')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    setProviderPayment: (id: string, providerReference: string, redirectUrl: string, now: Date) =>
      db
        .updateTable('payments')
        .set({ provider_reference: providerReference, redirect_url: redirectUrl, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute(),

    /** Ends a live attempt: true when this call ended it. */
    endPayment: async (id: string, status: PaymentRowStatus, failure: PaymentFailure | null, now: Date) => {
      const result = await db
        .updateTable('payments')
        .set({ status, failure, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    submission: (applicationId: string) =>
      db
        .selectFrom('application_submissions')
        .selectAll()
        .where('application_id', '=', applicationId)
        .executeTakeFirst(),

    /** A reference no submission has yet (drawn again in the unlikely case it is taken; the unique index decides). */
    freshReference: async () => {
      for (let attempt = 1; ; attempt++) {
        const reference = newSubmissionReference();
        const taken = await db
          .selectFrom('application_submissions')
          .select('application_id')
          .where('reference', '=', reference)
          .executeTakeFirst();
        if (!taken || attempt >= 5) return reference;
      }
    },

    /** Marks the application and all its applicants submitted; false when it was no longer IN_PROGRESS. */
    markSubmitted: async (applicationId: string, now: Date) => {
      const at = now.toISOString();
      const result = await db
        .updateTable('applications')
        .set({ status: 'SUBMITTED', updated_at: at })
        .where('id', '=', applicationId)
        .where('status', '=', 'IN_PROGRESS')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await db
        .updateTable('applicants')
        .set({ status: 'SUBMITTED', updated_at: at })
        .where('application_id', '=', applicationId)
        .execute();
      return true;
    },

    insertSubmission: (row: ApplicationSubmissionsTable) =>
      db.insertInto('application_submissions').values(row).execute(),

    ...mailDeliveries(db, 'application_submissions', 'application_id', 'submitted_at'),

    eventSeen: async (provider: string, eventId: string) =>
      Boolean(
        await db
          .selectFrom('payment_webhook_events')
          .select('event_id')
          .where('provider', '=', provider)
          .where('event_id', '=', eventId)
          .executeTakeFirst(),
      ),

    recordEvent: (provider: string, eventId: string, now: Date) =>
      db
        .insertInto('payment_webhook_events')
        .values({ provider, event_id: eventId, received_at: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute(),
  };
}
