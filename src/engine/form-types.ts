import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** Answers of a form: a JSON object keyed by the schema's property names. */
export type FormAnswers = Record<string, unknown>;

/** A precompiled validator function (ajv standalone output). */
export type CompiledValidateFunction = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** One page of a multi-page form, from the UI schema's `ui:pages`. */
export interface FormPage {
  id: string;
  /** i18n key of the page heading. */
  titleKey?: string;
  /** Top-level property names shown on the page. */
  fields: string[];
  /** JSON Schema over the answers: the page is shown only when the answers are valid against it. */
  when?: Record<string, unknown>;
}

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
