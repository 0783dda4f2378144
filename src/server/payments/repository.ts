import type { Kysely } from 'kysely';
import { mailDeliveries } from '../db/mail-deliveries';
import type { Database } from '../db/schema';
import { newSubmissionReference } from './reference';
import type { ApplicationSubmissionsTable } from './tables';

/**
 * The queries of payments and submissions (and the few facts they read of applications and profiles), made once per
 * app (src/server/areas.ts); those that run inside a transaction too take it last.
 */
export function paymentsRepository(db: Kysely<Database>) {
  return {
    applicantsOf: (applicationId: string) =>
      db.selectFrom('applicants').selectAll().where('application_id', '=', applicationId).orderBy('position').execute(),

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

    setProviderPayment: (id: string, providerReference: string, redirectUrl: string, now: Date) =>
      db
        .updateTable('payments')
        .set({ provider_reference: providerReference, redirect_url: redirectUrl, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute(),

    submission: (applicationId: string) =>
      db
        .selectFrom('application_submissions')
        .selectAll()
        .where('application_id', '=', applicationId)
        .executeTakeFirst(),

    /** A reference no submission has yet (drawn again in the unlikely case it is taken; the unique index decides). */
    freshReference: async (executor: Kysely<Database> = db) => {
      for (let attempt = 1; ; attempt++) {
        const reference = newSubmissionReference();
        const taken = await executor
          .selectFrom('application_submissions')
          .select('application_id')
          .where('reference', '=', reference)
          .executeTakeFirst();
        if (!taken || attempt >= 5) return reference;
      }
    },

    insertSubmission: (row: ApplicationSubmissionsTable, executor: Kysely<Database> = db) =>
      executor.insertInto('application_submissions').values(row).execute(),

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

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
