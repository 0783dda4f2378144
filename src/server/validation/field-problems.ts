import { ERROR_CODES, type FieldError } from '../../shared/contract';
import type { FieldProblem } from '../../shared/validation/field-errors';
import { ApiError } from '../errors';
import { translate } from '../i18n';

/**
 * A 400 VALIDATION_FAILED with the problems a form's flow found (schema, then cross-field rules), in the same shape
 * as the answers of schema validation: one message per field, the first found, as the form shows them.
 */
export function fieldProblems(lang: string, problems: FieldProblem[]): ApiError {
  const first = problems.filter((p, i) => problems.findIndex((q) => q.path === p.path) === i);
  const fields: FieldError[] = first.map((p) => ({
    field: p.path,
    key: p.key,
    message: translate(lang, p.key, p.params),
  }));
  return new ApiError(400, ERROR_CODES.validationFailed, 'validation:request.invalid', { fields });
}
