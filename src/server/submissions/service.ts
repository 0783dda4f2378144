import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, SUBMISSION_ERRORS, type SubmissionReceipt } from '../../shared/contract';
import { ipBucket, recordEvent, throttleState, verifyAccessToken, type ThrottleRule } from '../accounts/public';
import { ApiError } from '../errors';
import { fieldProblems } from '../validation/field-problems';
import { deliverSubmission } from './delivery';
import { loadPublicForms } from './public-forms';
import { insertSubmission } from './repository';

/** Who sends a public form: the client address it is rate-limited by, and the access token if any. */
export interface Sender {
  ip: string;
  lang: string;
  accessToken: string | null;
  log: FastifyInstance['log'];
}

/**
 * The rules of public forms: the form must exist, at most FORM_SUBMISSIONS_PER_HOUR accepted per client address,
 * answers checked with the form's own schema and rules exactly as the page checks them, kept under a reference
 * and e-mailed to FORM_SUBMISSIONS_EMAIL when that is set.
 */
export function createSubmissionsService(app: FastifyInstance) {
  const { db, config } = app;
  const forms = loadPublicForms(config.schemasDir);
  const rule: ThrottleRule = { limit: config.formSubmissions.perHour, windowSeconds: 60 * 60 };

  /** The profile of a sender with a valid access token; public calls work without one. */
  async function signedInProfile(token: string | null): Promise<string | null> {
    if (!token) return null;
    const claims = await verifyAccessToken(db, config, token, new Date());
    return claims?.profileId ?? null;
  }

  return {
    async submit(formId: string, answers: Record<string, unknown>, sender: Sender): Promise<SubmissionReceipt> {
      const form = forms.get(formId);
      if (!form) throw new ApiError(404, SUBMISSION_ERRORS.formNotFound, 'api:forms.formNotFound');

      const now = new Date();
      const bucket = ipBucket('formSubmission', sender.ip);
      const state = await throttleState(db, bucket, rule, now);
      if (state.limited)
        throw new ApiError(429, ERROR_CODES.tooManyRequests, 'api:forms.tooManySubmissions', {
          retryAfterSeconds: state.retryAfterSeconds,
        });

      const result = form.flow.check(form.flow.withoutSkipped(answers));
      if (result.problems.length > 0) throw fieldProblems(sender.lang, result.problems);

      const row = await insertSubmission(db, {
        formId: form.formId,
        answers: result.data,
        language: sender.lang,
        profileId: await signedInProfile(sender.accessToken),
        mail: config.formSubmissions.email !== undefined,
        now,
      });
      await recordEvent(db, bucket, rule, now);
      // The sender need not wait for the mail server: a delivery that fails is tried again by housekeeping.
      if (row.mail_state === 'PENDING')
        void deliverSubmission(app, row).catch((error: unknown) => {
          sender.log.error({ err: error, submission: row.id }, 'submission e-mail not sent');
        });
      return { reference: row.reference, receivedAt: row.created_at };
    },
  };
}
