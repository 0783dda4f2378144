import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../applications/testing/client';
import { storeAnswers } from '../../documents/testing/app';
import { confirm, payWithCard, readyApplication, startPayment } from '../../payments/testing/client';

export interface SubmitOptions {
  applicationType?: 'ETA' | 'ETA_SECTION_11_1';
  count?: number;
  /** Stored answers of the application form for every applicant (replacing any). */
  answers?: Record<string, unknown>;
  /** Stored declarations for every applicant (replacing any). */
  declarations?: Record<string, unknown>;
}

/** A paid, submitted application whose applicants have the given answers (what the decision rules read). */
export async function submitWith(app: FastifyInstance, caller: Caller, options: SubmitOptions = {}) {
  const ready = await readyApplication(app, caller, options.count ?? 1, options.applicationType ?? 'ETA');
  for (const applicant of ready.applicants) {
    if (options.answers) await storeAnswers(app, applicant, 'application-form', options.answers);
    if (options.declarations) await storeAnswers(app, applicant, 'declarations', options.declarations);
  }
  const started = await startPayment(app, caller, ready.guid);
  await payWithCard(app, started.json().redirectUrl, '4242 4242 4242 4242');
  const confirmed = await confirm(app, caller, ready.guid);
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}`);
  return { ...ready, reference: confirmed.json().reference as string };
}

/** Adds and decides every due decision as of `secondsLater` seconds from now (past the configured delay). */
export async function decideAll(app: FastifyInstance, secondsLater = 3600): Promise<number> {
  const later = new Date(Date.now() + secondsLater * 1000);
  await app.decisions.enqueue(later);
  return app.decisions.decideDue(later);
}

/** The decision row of an applicant. */
export const decisionOf = (app: FastifyInstance, applicantId: string) =>
  app.db
    .selectFrom('applicant_decisions')
    .selectAll()
    .where('applicant_id', '=', applicantId)
    .executeTakeFirstOrThrow();

/** The status of an application and of its applicants. */
export async function statusesOf(app: FastifyInstance, applicationId: string) {
  const application = await app.db
    .selectFrom('applications')
    .select('status')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const applicants = await app.db
    .selectFrom('applicants')
    .select(['id', 'status', 'valid_until'])
    .where('application_id', '=', applicationId)
    .orderBy('position')
    .execute();
  return { application: application.status, applicants };
}
