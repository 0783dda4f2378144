import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, SUBMISSION_ERRORS, type SubmissionReceipt } from '../../shared/contract';
import { ipBucket, recordEvent, throttleState, verifyAccessToken, type ThrottleRule } from '../accounts/public';
import { ApiError } from '../errors';
import { fieldProblems } from '../validation/field-problems';
import { deliverSubmission } from './delivery';
import { loadPublicForms, type PublicFormModel } from './public-forms';
import type { FormSubmissionsTable } from './tables';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { insertSubmission } from './repository';

/** Who sends a public form: the client address it is rate-limited by, and the access token if any. */
export interface Sender {
  ip: string;
  lang: string;
  accessToken: string | null;
  log: FastifyInstance['log'];
}

/** What sending a public form works with, made once per app (routes.ts). */
export interface SubmissionsDeps {
  db: Db;
  config: AppConfig;
  forms: Map<string, PublicFormModel>;
  /** At most FORM_SUBMISSIONS_PER_HOUR accepted per client address. */
  rule: ThrottleRule;
  /** E-mails a stored submission to FORM_SUBMISSIONS_EMAIL (housekeeping tries again when it fails). */
  deliver: (row: FormSubmissionsTable) => Promise<unknown>;
}

/** The profile of a sender with a valid access token; public calls work without one. */
async function signedInProfile(deps: SubmissionsDeps, token: string | null): Promise<string | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(deps.db, deps.config, token, new Date());
  return claims?.profileId ?? null;
}

/**
 * The rules of public forms: the form must exist, at most FORM_SUBMISSIONS_PER_HOUR accepted per client address,
 * answers checked with the form's own schema and rules exactly as the page checks them, kept under a reference
 * and e-mailed to FORM_SUBMISSIONS_EMAIL when that is set.
 */
export async function submitPublicForm(
  deps: SubmissionsDeps,
  formId: string,
  answers: Record<string, unknown>,
  sender: Sender,
): Promise<SubmissionReceipt> {
  const { db, rule } = deps;
  const form = deps.forms.get(formId);
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
    profileId: await signedInProfile(deps, sender.accessToken),
    mail: deps.config.formSubmissions.email !== undefined,
    now,
  });
  await recordEvent(db, bucket, rule, now);
  // The sender need not wait for the mail server: a delivery that fails is tried again by housekeeping.
  if (row.mail_state === 'PENDING')
    void deps.deliver(row).catch((error: unknown) => {
      sender.log.error({ err: error, submission: row.id }, 'submission e-mail not sent');
    });
  return { reference: row.reference, receivedAt: row.created_at };
}

/** The public forms' dependencies of an app: its database, settings and forms. */
export function submissionsDeps(app: FastifyInstance): SubmissionsDeps {
  const { db, config } = app;
  return {
    db,
    config,
    forms: loadPublicForms(config.schemasDir),
    rule: { limit: config.formSubmissions.perHour, windowSeconds: 60 * 60 },
    deliver: (row) => deliverSubmission(app, row),
  };
}
