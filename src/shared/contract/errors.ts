import type { FromSchema } from 'json-schema-to-ts';
import { closedObject } from './closed-object';

/** One field-level problem, its message already translated for the request's language. */
export const fieldErrorSchema = closedObject({
  field: { type: 'string', description: 'Dotted path of the field, e.g. mobile.mobileNumber.' },
  key: { type: 'string', description: 'i18n key of the message, e.g. validation:email.invalid.' },
  message: { type: 'string', description: "The message in the request's language." },
});
export type FieldError = FromSchema<typeof fieldErrorSchema>;

/** The body of every error answer of the API, whatever produced it. */
export const errorBodySchema = closedObject(
  {
    error: { type: 'string', description: 'Translated message.' },
    code: { type: 'string', description: 'Stable machine code.' },
    fields: { type: 'array', items: fieldErrorSchema },
    requestId: {
      type: 'string',
      description:
        "In answers of server errors (5xx): the id of the request (also its X-Request-Id header, which every answer carries), to quote when reporting the problem; the server's log lines of the request carry it.",
    },
  },
  { optional: ['fields', 'requestId'] },
);
/** Error body answered by the API for every non-2xx status; `code` is one of the codes of error-codes.ts. */
export type ApiErrorBody = FromSchema<typeof errorBodySchema>;

/** The error body of a request that fails its schema or its rules: one entry of `fields` per field. */
export const validationErrorBodySchema = {
  allOf: [errorBodySchema, { required: ['fields'], properties: { code: { const: 'VALIDATION_FAILED' } } }],
} as const;
