import type { FromSchema } from 'json-schema-to-ts';

/** One field-level problem, its message already translated for the request's language. */
export const fieldErrorSchema = {
  type: 'object',
  required: ['field', 'key', 'message'],
  additionalProperties: false,
  properties: {
    field: { type: 'string', description: 'Dotted path of the field, e.g. mobile.mobileNumber.' },
    key: { type: 'string', description: 'i18n key of the message, e.g. validation:email.invalid.' },
    message: { type: 'string', description: "The message in the request's language." },
  },
} as const;
export type FieldError = FromSchema<typeof fieldErrorSchema>;

/** The body of every error answer of the API, whatever produced it. */
export const errorBodySchema = {
  type: 'object',
  required: ['error', 'code'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', description: 'Translated message.' },
    code: { type: 'string', description: 'Stable machine code.' },
    fields: { type: 'array', items: fieldErrorSchema },
    requestId: {
      type: 'string',
      description:
        'In answers of server errors (5xx): the id of the request, also answered as its X-Request-Id header.',
    },
  },
} as const;
/** Error body answered by the API for every non-2xx status; `code` is one of the codes of error-codes.ts. */
export type ApiErrorBody = FromSchema<typeof errorBodySchema>;
