import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createFormFlow, topField, type FormFlow } from '@/shared/forms/flow';
import { createRefResolver, type JsonSchema } from '@/shared/validation/schema-walk';
import type { CompiledForm } from '../form-types';
import { inlineFieldRefs } from './inline-refs';

/** A form's flow (pages, conditions, problems: src/shared/forms/flow.ts) with the rjsf validator beside it. */
export interface FormValidation extends FormFlow {
  /** The rjsf validator (precompiled functions only: no compiler in the browser). */
  validator: ValidatorType;
  /** The schema rjsf renders, its fields' `$ref`s resolved once (see inline-refs.ts); the validator's root. */
  rjsfSchema: RJSFSchema;
}

const validations = new WeakMap<CompiledForm, FormValidation>();

/** The validation of a compiled form (created once per form): the same flow model as the API's. */
export function formValidation(form: CompiledForm): FormValidation {
  const cached = validations.get(form);
  if (cached) return cached;
  const rjsfSchema = inlineFieldRefs(form.schema as JsonSchema) as RJSFSchema;
  const validator = createPrecompiledValidator(form.validateFns, rjsfSchema) as ValidatorType;
  const flow = createFormFlow({
    id: form.formId,
    schema: form.schema as JsonSchema,
    uiSchema: form.uiSchema as JsonSchema,
    validate: form.validateFns[form.formId],
    conditions: form.whenFns,
    resolve: createRefResolver({ [form.formId]: form.schema as JsonSchema }),
  });
  const result: FormValidation = { ...flow, validator, rjsfSchema };
  validations.set(form, result);
  return result;
}

export { topField };
