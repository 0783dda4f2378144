import type { FastifyError, FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { ERROR_CODES, type ApiErrorBody, type FieldError } from '../../shared/contract';
// The API checks any form at any time: every cross-field rule is loaded before it serves.
import '../../shared/rules/all-rules';
import { checkAgainst, type CompiledCheck } from '../../shared/forms/flow';
import { toFieldProblems, type RawValidationError } from '../../shared/validation/field-errors';
import type { JsonSchema } from '../../shared/validation/schema-walk';
import { translate } from '../i18n';
import { isDescribedOnly } from '../openapi/public';
import { loadForms } from './forms';
import { DEFAULT_SCHEMAS_DIR } from './schema-files';

export interface ValidationOptions {
  /** Folder holding definitions, forms and api/ schemas (default: the repository's `schemas/`). */
  schemasDir?: string;
}

/** Signature of the function fastify calls to validate one request part. */
type PartValidator = ((data: unknown) => boolean | { value: unknown }) & {
  errors?: FastifySchemaValidationError[] | null;
};

/**
 * Makes fastify validate with our schema files (the forms module of `schemasDir`, every schema under its `$id`): validation runs with ajv-errors and ajv-formats, then the shared rules (phone validity, confirmation
 * match) run and normalise the body (mobile numbers to E.164). Call before registering routes; routes use
 * `schema: { body: { $ref: '<id>#' } }`.
 */
export function registerValidation(app: FastifyInstance, options: ValidationOptions = {}): void {
  // Every schema is compiled now, so a broken file fails at start-up, not on the first request.
  const forms = loadForms(options.schemasDir ?? DEFAULT_SCHEMAS_DIR);
  const { resolve } = forms;

  const compiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    // Parameters a route declares for its description only are checked by the route itself.
    if (isDescribedOnly(schema)) return () => true;
    const validate = forms.compile(schema as JsonSchema);
    const wrapper: PartValidator = (data) => {
      if (httpPart !== 'body') {
        const ok = validate(data);
        wrapper.errors = ok ? null : ((validate.errors ?? []) as FastifySchemaValidationError[]);
        return ok;
      }
      // The ordered problem list of the form engine: schema first, then the rules on what the schema let through,
      // so the answer lists every problem at once, as the form does.
      const result = checkAgainst(validate as CompiledCheck, schema as JsonSchema, data, resolve, '');
      const ruleErrors: FastifySchemaValidationError[] = result.ruleProblems.map((p) => ({
        instancePath: p.path ? `/${p.path.split('.').join('/')}` : '',
        schemaPath: '#/x-rules',
        keyword: 'errorMessage',
        params: { errors: [] },
        message: p.key,
      }));
      const all = [...(result.schemaErrors as FastifySchemaValidationError[]), ...ruleErrors];
      if (all.length > 0) {
        wrapper.errors = all;
        return false;
      }
      wrapper.errors = null;
      return { value: result.data };
    };
    return wrapper;
  };
  app.setValidatorCompiler(compiler);
}

const REQUEST_KEYS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation:request.badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation:request.badJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'validation:request.tooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation:request.badJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation:request.badMediaType',
};

/** True for errors that `validationErrorBody` answers: schema validation and unreadable request bodies. */
export function isValidationError(error: Partial<FastifyError>): boolean {
  return Array.isArray(error.validation) || (typeof error.code === 'string' && error.code in REQUEST_KEYS);
}

/**
 * The 400 answer for a validation error: `{ error, code: 'VALIDATION_FAILED', fields: [{ field, key, message }] }`
 * with `field` a dotted path (e.g. `mobile.mobileNumber`) and messages translated into `lang`.
 */
export function validationErrorBody(error: Partial<FastifyError>, lang: string): ApiErrorBody {
  if (!Array.isArray(error.validation)) {
    const key = (typeof error.code === 'string' && REQUEST_KEYS[error.code]) || 'validation:request.invalid';
    return { error: translate(lang, key), code: ERROR_CODES.validationFailed, fields: [] };
  }
  const problems = toFieldProblems(error.validation as unknown as RawValidationError[]);
  const fields: FieldError[] = problems.map((p) => ({
    field: p.path,
    key: p.key,
    message: translate(lang, p.key, p.params),
  }));
  return { error: translate(lang, 'validation:request.invalid'), code: ERROR_CODES.validationFailed, fields };
}
