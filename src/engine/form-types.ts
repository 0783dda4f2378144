import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FlowPage } from '@/shared/forms/flow';

/** Answers of a form: a JSON object keyed by the schema's property names. */
export type FormAnswers = Record<string, unknown>;

/** A precompiled validator function (ajv standalone output). */
export type CompiledValidateFunction = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** One page of a multi-page form, from the UI schema's `ui:pages` (see src/shared/forms/flow.ts). */
export type FormPage = FlowPage;

/** Example answers stored beside a form (`<id>.examples.json`), used by tests and the preview page. */
export interface FormExamples {
  valid: FormAnswers[];
  /** Invalid answers with the message key expected per dotted field path. */
  invalid?: { data: FormAnswers; errors: Record<string, string> }[];
}

/** What the precompiled-forms plugin generates for one form. */
export interface CompiledFormModule {
  formId: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  examples: FormExamples;
  validateFns: ValidatorFunctions;
  whenFns: Record<string, CompiledValidateFunction>;
}

export type CompiledForm = CompiledFormModule;
