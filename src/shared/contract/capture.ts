import type { FromSchema } from 'json-schema-to-ts';
import { CAPTURE_STATUSES, CAPTURE_TYPES } from './enums';
import type { FromSchemaFile } from './schema-file-types';
import type { apiBiometricsSessionSchema, apiCaptureSessionActionSchema } from './schema-files.generated';
import { closedObject } from './closed-object';

/** What the photo capture calls answer and take (see applications.ts for how the schemas are used). */

/** 32 random bytes in base64url: a capture session's identifier, and a linked phone's device token. */
export const CAPABILITY_PATTERN = '^[A-Za-z0-9_-]{43}$';

const sessionProperties = {
  status: { type: 'string', enum: CAPTURE_STATUSES },
  captureType: { type: 'string', enum: CAPTURE_TYPES, description: 'The photo the status is about.' },
  attemptsLeft: {
    type: 'integer',
    minimum: 0,
    description: 'Photos that may still be rejected in the current capture.',
  },
  expiresAt: { type: 'string', format: 'date-time' },
  errorCode: {
    type: 'string',
    description: 'Why the last photo was rejected (an image code), or the blocking outcome.',
  },
  retryAfter: {
    type: 'string',
    format: 'date-time',
    description: 'With CAPTURE_RETRIES_EXCEEDED: when a new session may be started.',
  },
} as const;

/** The answer to a move of the session (POST capture-session-status). */
export const captureSessionMovedSchema = {
  type: 'object',
  required: ['status', 'attemptsLeft', 'expiresAt'],
  additionalProperties: false,
  properties: {
    ...sessionProperties,
    deviceToken: {
      type: 'string',
      pattern: CAPABILITY_PATTERN,
      description: "Only in the answer to a phone's first LINK_PHONE.",
    },
  },
} as const;
/** Where a session stands; `deviceToken` only in the answer to the LINK_PHONE of a phone that is not signed in. */
export type CaptureSessionView = FromSchema<typeof captureSessionMovedSchema>;

/** The answer to GET capture-session-status: where the session stands, with no personal data. */
export const captureSessionStatusSchema = {
  type: 'object',
  required: ['status', 'attemptsLeft', 'expiresAt'],
  additionalProperties: false,
  description: 'No personal data: no names, passport facts or identifiers.',
  properties: sessionProperties,
} as const;

/** A refused photo or a blocking outcome: an error body together with the session's status after it. */
export const captureRefusalSchema = {
  type: 'object',
  required: ['error', 'code', 'status', 'attemptsLeft', 'expiresAt'],
  additionalProperties: false,
  description: "An error body together with the session's status after the refusal.",
  properties: {
    error: { type: 'string', description: 'Translated message.' },
    code: { type: 'string' },
    ...sessionProperties,
  },
} as const;
export type CaptureRefusal = FromSchema<typeof captureRefusalSchema>;

/** The answer to POST /api/eta/biometrics. */
export const captureSessionCreatedSchema = closedObject({
  sessionIdentifier: { type: 'string', pattern: CAPABILITY_PATTERN },
  status: {
    type: 'string',
    enum: ['BIO_LINKING_PHONE', 'PASSPORT_LINKING_PHONE'],
    description: 'PASSPORT_LINKING_PHONE when only the passport photo is still to be taken.',
  },
  expiresAt: { type: 'string', format: 'date-time' },
});
export type StartedCaptureSession = FromSchema<typeof captureSessionCreatedSchema>;

// ------------------------------------------------------------------ request bodies
// Each is the type of the schema file named beside it (see schema-file-types.ts).

/** schemas/api/biometrics-session.schema.json */
export type CaptureSessionRequest = FromSchemaFile<typeof apiBiometricsSessionSchema>;

/** schemas/api/capture-session-action.schema.json: UPLOAD_IMAGE carries the photo as base64, optionally a data: URL. */
export type CaptureActionBody = FromSchemaFile<typeof apiCaptureSessionActionSchema>;
