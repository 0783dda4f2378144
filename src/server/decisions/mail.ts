import type { FastifyInstance } from 'fastify';
import { OUTCOME_PAGES, outcomeKindOf } from '../../shared/contract';
import { mailTo, sendEachDue } from '../mail/public';
import { decisionsRepository } from './repository';
import type { ApplicantDecisionsTable } from './tables';

/**
 * E-mails a recorded decision to the account holder, in the profile's language, with what it means and a link to
 * the document's page. The delivery is claimed first, so that of several senders only one sends; a failure is
 * logged and stays pending for the next try. Answers true when sent.
 */
export async function sendDecisionMail(
  app: FastifyInstance,
  row: ApplicantDecisionsTable,
  now = new Date(),
): Promise<boolean> {
  const repository = decisionsRepository(app.db);
  if (!(await repository.claimMail(row, now))) return false;
  try {
    const application = await repository.application(row.application_id);
    const applicant = await repository.applicant(row.applicant_id);
    const submission = await repository.submission(row.application_id);
    const profile = application && (await repository.profileContact(application.profile_id));
    if (!application || !applicant || !submission || !profile) return false;
    const kind = outcomeKindOf(application.application_type, row.outcome === 'REJECTED');
    await mailTo(app, profile, {
      template: 'decision-made',
      kind,
      applicant: `${applicant.given_names} ${applicant.family_name}`,
      reference: submission.reference,
      path: `${app.pagePaths[OUTCOME_PAGES[kind]]}?applicantIdentifier=${applicant.id}`,
    });
  } catch (error) {
    app.log.error(
      { err: error, event: 'decision-mail', applicant: row.applicant_id },
      'decision e-mail not sent; it is tried again',
    );
    return false;
  }
  await repository.mailSent(row.applicant_id);
  return true;
}

/** Sends again the decision e-mails that could not be sent (a batch). */
export async function retryDecisionMails(app: FastifyInstance, now: Date, signal?: AbortSignal): Promise<number> {
  const due = await decisionsRepository(app.db).pendingMails(now, 100);
  return sendEachDue(due, (row) => sendDecisionMail(app, row, now), signal);
}
