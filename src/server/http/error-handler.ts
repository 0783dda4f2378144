import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared/contract';
import { isDatabaseUnavailable } from '../db/database';
import { ApiError, errorBody } from '../errors';
import { languageOf } from '../i18n';
import { validationErrorBody } from '../validation/index';

const BAD_REQUEST_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

/** Retry-After of a 503 answered while the database cannot be reached: a restart or fail-over takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The app's error handler: every error a route throws is answered in the specification's error shape, in the
 * request's language. An ApiError as it says; a schema's refusal 400 with its fields (404 for a path's parameters);
 * too large 413; too many 429 with Retry-After; another client error 400; the database out of reach 503 with
 * Retry-After; anything else 500, logged.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(request);
  if (error instanceof ApiError) {
    if (error.options.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.options.retryAfterSeconds))));
    }
    const body = errorBody(lang, error.code, error.messageKey, error.options.vars);
    return reply.code(error.statusCode).send(error.options.fields ? { ...body, fields: error.options.fields } : body);
  }
  if (error.validation) {
    request.log.info({ validationContext: error.validationContext }, 'request failed validation');
    // A path that its parameters' schemas refuse names nothing: the answer of an unknown address.
    if (error.validationContext === 'params')
      return reply.code(404).send(errorBody(lang, ERROR_CODES.notFound, 'api:errors.notFound'));
    return reply.code(400).send(validationErrorBody(error, lang));
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return reply.code(413).send(errorBody(lang, ERROR_CODES.payloadTooLarge, 'api:errors.payloadTooLarge'));
  }
  if (error.statusCode === 429) {
    if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.code(429).send(errorBody(lang, ERROR_CODES.tooManyRequests, 'api:errors.tooManyRequests'));
  }
  if (
    BAD_REQUEST_CODES.has(error.code) ||
    (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
  ) {
    request.log.info({ code: error.code, reason: error.message }, 'bad request');
    return reply.code(400).send(errorBody(lang, ERROR_CODES.badRequest, 'api:errors.badRequest'));
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting or failing over: nothing was done, and the same call works again shortly.
    request.log.error({ err: error, event: 'database-unavailable' }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send(errorBody(lang, ERROR_CODES.serviceUnavailable, 'api:errors.serviceUnavailable'));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody(lang, ERROR_CODES.internal, 'api:errors.internal'));
}
