import type { FastifyInstance } from 'fastify';
import { sendMail } from '../mail/public';
import { submissionMail } from './mail';
import { loadPublicForms } from './public-forms';
import { removeSubmissionsBefore, submissionDeliveries } from './repository';
import type { FormSubmissionsTable } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * E-mails one submission to FORM_SUBMISSIONS_EMAIL, once: the delivery is claimed first, so that of several
 * instances only one sends; a failed delivery stays pending for housekeeping to try again. Answers true when sent.
 */
export async function deliverSubmission(app: FastifyInstance, row: FormSubmissionsTable, now = new Date()) {
  const to = app.config.formSubmissions.email;
  const form = loadPublicForms(app.config.schemasDir).get(row.form_id);
  const deliveries = submissionDeliveries(app.db);
  if (!to || !form || !(await deliveries.claimMail(row, now))) return false;
  try {
    await sendMail(app, submissionMail(form, row, to));
  } catch (error) {
    app.log.error({ err: error, event: 'form-submission-mail', submission: row.id }, 'submission e-mail not sent');
    return false;
  }
  await deliveries.mailSent(row.id);
  return true;
}

/** What one housekeeping run did with the submissions. */
export interface SubmissionSweep {
  removed: number;
  delivered: number;
}

/**
 * Housekeeping of the submissions: removes those older than FORM_SUBMISSIONS_RETENTION_DAYS and tries again the
 * e-mails that could not be sent (a batch per run).
 */
export async function sweepSubmissions(
  app: FastifyInstance,
  now: Date,
  signal?: AbortSignal,
): Promise<SubmissionSweep> {
  const cutoff = new Date(now.getTime() - app.config.formSubmissions.retentionDays * DAY_MS);
  let removed = 0;
  for (let batch = 0; batch < 200 && !signal?.aborted; batch++) {
    const count = await removeSubmissionsBefore(app.db, cutoff, 500);
    removed += count;
    if (count < 500) break;
  }
  let delivered = 0;
  if (app.config.formSubmissions.email) {
    for (const row of await submissionDeliveries(app.db).pendingMails(now, 100)) {
      if (signal?.aborted) break;
      if (await deliverSubmission(app, row, now)) delivered++;
    }
  }
  if (removed > 0 || delivered > 0)
    app.log.info(
      { event: 'housekeeping', submissionsRemoved: removed, submissionsDelivered: delivered },
      'submissions',
    );
  return { removed, delivered };
}
