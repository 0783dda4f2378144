import type { FastifyInstance } from 'fastify';
import { mailTo, sendEachDue } from '../mail/public';
import { formatMoney } from '../../shared/money';
import type { ApplicationSubmissionsTable } from './tables';

/**
 * E-mails the confirmation of a submission to the account holder, in the profile's language, once: the delivery is
 * claimed first so that of several senders only one sends; a failure is logged and stays pending for housekeeping.
 * Answers true when sent.
 */
export async function sendSubmissionMail(
  app: FastifyInstance,
  row: ApplicationSubmissionsTable,
  now = new Date(),
): Promise<boolean> {
  const repository = app.repositories.payments;
  if (!(await repository.claimMail(row, now))) return false;
  try {
    const application = await repository.application(row.application_id);
    const profile = application && (await repository.profileContact(application.profile_id));
    if (!profile) return false;
    const applicants = await repository.applicantsOf(row.application_id);
    await mailTo(app, profile, {
      template: 'application-submitted',
      reference: row.reference,
      applicants: applicants.map((a) => `${a.given_names} ${a.family_name}`),
      amount: formatMoney(row.amount, row.currency, profile.language),
    });
  } catch (error) {
    app.log.error(
      { err: error, event: 'submission-mail', application: row.application_id },
      'submission confirmation e-mail not sent; housekeeping tries again',
    );
    return false;
  }
  await repository.mailSent(row.application_id);
  return true;
}

/** Housekeeping: sends again the confirmation e-mails that could not be sent (a batch per run). */
export async function retrySubmissionMails(app: FastifyInstance, now: Date, signal?: AbortSignal): Promise<number> {
  const due = await app.repositories.payments.pendingMails(now, 100);
  const sent = await sendEachDue(due, (row) => sendSubmissionMail(app, row, now), signal);
  if (sent > 0) app.log.info({ event: 'housekeeping', submissionMailsSent: sent }, 'submission e-mails');
  return sent;
}
