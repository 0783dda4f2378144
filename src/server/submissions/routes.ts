import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bearerToken } from '../accounts/authenticate';
import { ipBucket, recordEvent, throttleState, type ThrottleRule } from '../accounts/throttle';
import { verifyAccessToken } from '../accounts/tokens';
import { ApiError, ERROR_CODES } from '../errors';
import { languageOf } from '../i18n';
import { fieldProblems } from '../validation/field-problems';
import { deliverSubmission } from './delivery';
import { loadPublicForms } from './public-forms';
import { insertSubmission } from './repository';

export const FORM_NOT_FOUND = 'FORM_NOT_FOUND';

interface SubmissionBody {
  answers: Record<string, unknown>;
}

const submissionBodySchema = {
  type: 'object',
  properties: { answers: { type: 'object', errorMessage: 'validation:generic.type' } },
  required: ['answers'],
  additionalProperties: false,
  errorMessage: { required: { answers: 'validation:generic.required' } },
};

/** The profile of a request that carries a valid access token; public calls work without one. */
async function signedInProfile(request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await verifyAccessToken(request.server.db, request.server.config, token, new Date());
  return claims?.profileId ?? null;
}

/**
 * Public forms (manifest routes that name a form and no page): anyone may send one, validated with the form's own
 * schema and rules exactly as the page validates it, at most FORM_SUBMISSIONS_PER_HOUR accepted per client address.
 * Each submission is kept in the database under a reference the sender is shown, and e-mailed to
 * FORM_SUBMISSIONS_EMAIL when that is set.
 */
export const submissionRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const forms = loadPublicForms(config.schemasDir);
  const rule: ThrottleRule = { limit: config.formSubmissions.perHour, windowSeconds: 60 * 60 };

  app.post<{ Params: { formId: string }; Body: SubmissionBody }>(
    '/api/eta/forms/:formId/submissions',
    { schema: { body: submissionBodySchema } },
    async (request, reply) => {
      const lang = languageOf(request);
      const form = forms.get(request.params.formId);
      if (!form) throw new ApiError(404, FORM_NOT_FOUND, 'api:forms.formNotFound');

      const now = new Date();
      const bucket = ipBucket('formSubmission', request.ip);
      const state = await throttleState(db, bucket, rule, now);
      if (state.limited)
        throw new ApiError(429, ERROR_CODES.tooManyRequests, 'api:forms.tooManySubmissions', {
          retryAfterSeconds: state.retryAfterSeconds,
        });

      const result = form.flow.check(form.flow.withoutSkipped(request.body.answers));
      if (result.problems.length > 0) throw fieldProblems(lang, result.problems);

      const row = await insertSubmission(db, {
        formId: form.formId,
        answers: result.data,
        language: lang,
        profileId: await signedInProfile(request),
        mail: config.formSubmissions.email !== undefined,
        now,
      });
      await recordEvent(db, bucket, rule, now);
      // The sender need not wait for the mail server: a delivery that fails is tried again by housekeeping.
      if (row.mail_state === 'PENDING')
        void deliverSubmission(app, row).catch((error: unknown) => {
          request.log.error({ err: error, submission: row.id }, 'submission e-mail not sent');
        });
      return reply.code(201).send({ reference: row.reference, receivedAt: row.created_at });
    },
  );
};
