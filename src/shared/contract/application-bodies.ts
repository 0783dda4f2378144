/** The request bodies of the applications API: creating an application, an applicant's facts, saved answers. */
import type { FromSchema } from 'json-schema-to-ts';
import type { FromSchemaFile } from './schema-file-types';
import type { applicantSchema, createApplicationSchema } from './schema-files.generated';
import { UUID_PATTERN } from './ids';

/** The application facts of schemas/create-application.schema.json (see schema-file-types.ts). */
export type CreateApplicationRequest = FromSchemaFile<typeof createApplicationSchema>;

/** The eligibility facts of one applicant (schemas/applicant.schema.json). */
export type ApplicantFacts = FromSchemaFile<typeof applicantSchema>;

const answersProperties = {
  applicantIdentifier: {
    type: 'string',
    pattern: UUID_PATTERN,
    errorMessage: 'applications:validation.applicantIdentifierInvalid',
    description: 'An applicant of the application.',
  },
  page: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    errorMessage: 'applications:validation.noSuchPage',
    description:
      "A page id of the form's `ui:pages`: only that page's answers are sent and checked; they replace that page's stored answers and the others are kept. Without it the answers are the whole form.",
  },
  draft: {
    type: 'boolean',
    errorMessage: 'validation:generic.type',
    description:
      'Store unfinished answers (still refused: wrong types, unknown fields, values outside a list); never moves the step.',
  },
  answers: {
    type: 'object',
    errorMessage: 'validation:generic.type',
    description:
      "Answers of the form's schema. Answers of questions that do not apply (pages or fields whose condition does not hold) are dropped.",
  },
} as const;

/** The body of PUT application-details and PUT applications/{guid}/answers/{formId}. */
export const answersBodySchema = {
  type: 'object',
  properties: answersProperties,
  required: ['applicantIdentifier', 'answers'],
  additionalProperties: false,
  errorMessage: {
    required: {
      applicantIdentifier: 'applications:validation.applicantIdentifierInvalid',
      answers: 'validation:generic.required',
    },
  },
} as const;
export type AnswersBody = FromSchema<typeof answersBodySchema>;

/** The body of PUT declarations: the answers' envelope with the application it belongs to. */
export const declarationsBodySchema = {
  type: 'object',
  properties: {
    applicationIdentifier: {
      type: 'string',
      pattern: UUID_PATTERN,
      errorMessage: 'applications:validation.applicationIdentifierInvalid',
    },
    ...answersProperties,
  },
  required: ['applicationIdentifier', 'applicantIdentifier', 'answers'],
  additionalProperties: false,
  errorMessage: {
    required: {
      applicationIdentifier: 'applications:validation.applicationIdentifierInvalid',
      applicantIdentifier: 'applications:validation.applicantIdentifierInvalid',
      answers: 'validation:generic.required',
    },
  },
} as const;
export type DeclarationsBody = FromSchema<typeof declarationsBodySchema>;
