import type { FromSchema } from 'json-schema-to-ts';
import {
  APPLICANT_STATUSES,
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  APPLYING_FOR,
  PHOTO_TYPES,
  STEP_STATES,
} from './enums';
import { closedObject } from './closed-object';

/**
 * What the application calls answer and take. Answers are JSON Schemas, with their types derived from them, so the
 * server declares the same schema on its routes and the OpenAPI description is generated from it. A property marked
 * `x-journey-step` holds a step of the route manifest; the description lists them.
 */

const uuid = { type: 'string', format: 'uuid' } as const;
const journeyStep = { type: 'string', 'x-journey-step': true } as const;

const stepStateSchema = closedObject({ step: journeyStep, state: { type: 'string', enum: STEP_STATES } });

/** An applicant as the API answers it. */
export const applicantSchema = closedObject(
  {
    applicantIdentifier: uuid,
    isAccountHolder: { type: 'boolean' },
    relationship: { type: ['string', 'null'] },
    givenNames: { type: 'string' },
    familyName: { type: 'string' },
    dateOfBirth: { type: 'string', format: 'date' },
    nationality: { type: 'string', pattern: '^[A-Z]{2}$' },
    passportIssuingCountry: { type: 'string', pattern: '^[A-Z]{2}$' },
    passportNumber: { type: 'string' },
    status: { type: 'string', enum: APPLICANT_STATUSES },
    step: { ...journeyStep, description: 'The furthest step reached; the steps before it are complete.' },
    steps: { type: 'array', items: stepStateSchema },
    photosToRetake: {
      type: 'array',
      items: { type: 'string', enum: PHOTO_TYPES },
      description:
        'Only in the answer to a change of passport issuing country or number that removed accepted photos: the photos to take again. The applicant is back on CAPTURE_BIOMETRICS; answers of later steps are kept, and a new capture session starts at the passport page when the selfie was kept.',
    },
  },
  { optional: ['photosToRetake'] },
);
export type Applicant = FromSchema<typeof applicantSchema>;

/** An application as the API answers it. */
export const applicationSchema = closedObject({
  applicationIdentifier: uuid,
  applicationType: { type: 'string', enum: APPLICATION_TYPES },
  applyingFor: { type: 'string', enum: APPLYING_FOR },
  status: { type: 'string', enum: APPLICATION_STATUSES },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  applicants: { type: 'array', items: applicantSchema },
});
export type Application = FromSchema<typeof applicationSchema>;

export const applicationDeletedSchema = closedObject({ applicationIdentifier: uuid, deleted: { const: true } });
export type ApplicationDeleted = FromSchema<typeof applicationDeletedSchema>;

export const applicantDeletedSchema = closedObject({ applicantIdentifier: uuid, deleted: { const: true } });
export type ApplicantDeleted = FromSchema<typeof applicantDeletedSchema>;

/** Where POST step/resume says to continue. */
export const resumeAnswerSchema = closedObject(
  {
    applicationIdentifier: uuid,
    applicantIdentifier: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The applicant to continue with; null when the application has no applicant yet.',
    },
    step: {
      type: 'string',
      'x-journey-step': 'or MANAGE_APPLICANTS',
      description: "That applicant's furthest step; MANAGE_APPLICANTS when there is no applicant yet.",
    },
    page: {
      type: 'string',
      description:
        'With the form steps only: the page to open, a page id of the form (the first page that applies and still has a problem, else the last page saved, else the first page).',
    },
  },
  { optional: ['page'] },
);
export type ResumeAnswer = FromSchema<typeof resumeAnswerSchema>;

/** Saved answers of one form for one applicant. */
export const savedFormSchema = closedObject({
  answers: { type: 'object', description: 'The stored answers.' },
  lastPage: { type: ['string', 'null'], description: 'The page saved last, or null.' },
  complete: { type: 'boolean', description: 'True when the stored answers are the whole form, valid.' },
});
export type SavedForm = FromSchema<typeof savedFormSchema>;

/** One applicant's saved answers of the application form and the declarations. */
export const applicantDetailsSchema = closedObject({
  applicantIdentifier: uuid,
  step: { ...journeyStep, description: "The applicant's furthest step." },
  applicationForm: {
    ...savedFormSchema,
    description:
      "Before anything is saved: the applicant's facts (names, date of birth, nationality, passport) and, for the account holder, the profile's title, e-mail and mobile, with lastPage null and complete false.",
  },
  declarations: savedFormSchema,
});
export type ApplicantDetails = FromSchema<typeof applicantDetailsSchema>;

export const applicationDetailsSchema = closedObject({
  applicationIdentifier: uuid,
  applicants: { type: 'array', items: applicantDetailsSchema },
});
export type ApplicationDetails = FromSchema<typeof applicationDetailsSchema>;

/** One applicant's answers of one form step, with everything its page needs. */
export const stepAnswersSchema = closedObject(
  {
    applicationIdentifier: uuid,
    applicantIdentifier: uuid,
    formId: { type: 'string' },
    step: { ...journeyStep, description: "The step this form makes (the manifest's `step` naming it)." },
    currentStep: { ...journeyStep, description: "The applicant's furthest step." },
    applicationStatus: { type: 'string', enum: APPLICATION_STATUSES },
    updatedAt: { type: 'string', format: 'date-time' },
    givenNames: { type: 'string' },
    familyName: { type: 'string' },
    answers: {
      type: 'object',
      description:
        "The stored answers; the application form starts from the applicant's facts and, for the account holder, the profile's contact details.",
    },
    lastPage: { type: ['string', 'null'] },
    startPage: {
      type: ['string', 'null'],
      description:
        "The page to open: at the applicant's current step the first page with something missing, as resume answers; else the last page saved.",
    },
    complete: { type: 'boolean' },
    passportReading: {
      type: 'object',
      description:
        "The application form only, once the applicant's passport photo was taken: whether its machine-readable zone was read (`read`), which answers it filled in because they were empty (`prefilled`, field names; `answers` holds them), and where an answer differs from it (`mismatches`: `field`, `read`, `typed`).",
      properties: {
        read: { type: 'boolean' },
        prefilled: { type: 'array', items: { type: 'string' } },
        mismatches: {
          type: 'array',
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, read: { type: 'string' }, typed: { type: 'string' } },
            required: ['field', 'read', 'typed'],
            additionalProperties: false,
          },
        },
      },
      required: ['read', 'prefilled', 'mismatches'],
      additionalProperties: false,
    },
  },
  { optional: ['passportReading'] },
);
export type StepAnswers = FromSchema<typeof stepAnswersSchema>;

/** What a save of answers answers: the stored answers and the applicant's step afterwards. */
export const answersSavedSchema = closedObject({
  applicationIdentifier: uuid,
  applicantIdentifier: uuid,
  page: { type: ['string', 'null'] },
  complete: { type: 'boolean', description: 'True when the stored answers are the whole form, valid.' },
  step: { ...journeyStep, description: "The applicant's furthest step after the save." },
  answers: {
    type: 'object',
    description: 'The stored answers: normalised, without those of questions that do not apply.',
  },
});
export type SaveResult = FromSchema<typeof answersSavedSchema>;
