import type { FromSchema } from 'json-schema-to-ts';
import { closedObject } from './closed-object';

/** What the public forms' call takes and answers (see applications.ts for how the schemas are used). */

/** The body of a public form's submission: the answers of its form. */
export const submissionBodySchema = {
  type: 'object',
  properties: {
    answers: {
      type: 'object',
      errorMessage: 'validation:generic.type',
      description: "The form's answers, as its page sends them.",
    },
  },
  required: ['answers'],
  additionalProperties: false,
  errorMessage: { required: { answers: 'validation:generic.required' } },
} as const;
export type SubmissionBody = FromSchema<typeof submissionBodySchema>;

/** The API's answer to an accepted submission of a public form. */
export const submissionReceiptSchema = closedObject({
  reference: {
    type: 'string',
    pattern: '^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$',
    description: "The submission's reference (Crockford base 32), shown to the sender and quoted in the e-mail.",
  },
  receivedAt: { type: 'string', format: 'date-time' },
});
export type SubmissionReceipt = FromSchema<typeof submissionReceiptSchema>;
