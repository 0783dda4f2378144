import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { runRules } from '@/shared/rules/run-rules';
import { toFieldProblems, type FieldProblem, type RawValidationError } from '@/shared/validation/field-errors';
import { createRefResolver, type JsonSchema } from '@/shared/validation/schema-walk';
import type { CompiledForm, FormAnswers, FormPage } from '../form-types';

export interface FormValidation {
  /** The rjsf validator (precompiled functions only: no compiler in the browser). */
  validator: ValidatorType;
  /** Every problem in the answers: schema first, then the shared rules (phone, confirmation) on other fields. */
  problems(data: FormAnswers): FieldProblem[];
  /** The answers with the shared rules' normalisations (E.164 mobile numbers). */
  normalise(data: FormAnswers): FormAnswers;
  /** True when the page's `when` condition holds for the answers (or it has none). */
  pageApplies(page: FormPage, data: FormAnswers): boolean;
}

const validations = new WeakMap<CompiledForm, FormValidation>();

/** The validation of a compiled form (created once per form). */
export function formValidation(form: CompiledForm): FormValidation {
  const cached = validations.get(form);
  if (cached) return cached;
  const validator = createPrecompiledValidator(form.validateFns, form.schema as RJSFSchema) as ValidatorType;
  const resolve = createRefResolver({ [form.formId]: form.schema as JsonSchema });
  const main = form.validateFns[form.formId];
  const result: FormValidation = {
    validator,
    problems(data) {
      // ajv coerces in place; validate a copy so the form state never changes under the user.
      const copy = structuredClone(data ?? {});
      main(copy);
      const schemaProblems = toFieldProblems((main.errors ?? []) as RawValidationError[]);
      main.errors = null;
      const taken = new Set(schemaProblems.map((p) => p.path));
      const ruleProblems = runRules(form.schema as JsonSchema, copy, resolve, form.formId).problems.filter(
        (p) => !taken.has(p.path),
      );
      return [...schemaProblems, ...ruleProblems];
    },
    normalise(data) {
      return runRules(form.schema as JsonSchema, data, resolve, form.formId).data as FormAnswers;
    },
    pageApplies(page, data) {
      const fn = form.whenFns[page.id];
      if (!page.when || !fn) return true;
      const ok = fn(structuredClone(data ?? {}));
      fn.errors = null;
      return ok;
    },
  };
  validations.set(form, result);
  return result;
}

/** The top-level field a dotted problem path belongs to. */
export function topField(path: string): string {
  return path.split('.')[0] ?? '';
}
