import type { FromSchema } from 'json-schema-to-ts';
import type { FromSchemaFile } from './schema-file-types';
import type {
  apiChangePasswordSchema,
  apiEmailRequestSchema,
  apiLogoutSchema,
  apiProfileUpdateSchema,
  apiRefreshSchema,
  apiVerifySchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
} from './schema-files.generated';
import { closedObject } from './closed-object';

/** What the account calls answer and take (see applications.ts for how the schemas are used). */

/** A neutral answer: the same whatever the account's state, so that it reveals nothing. */
export const messageSchema = closedObject({
  message: { type: 'string', description: 'Translated confirmation to show the user.' },
});
export type MessageResult = FromSchema<typeof messageSchema>;

/** Answer of POST verify to a password reset code (emailAction RESET_PASSWORD). */
export const resetCodeAcceptedSchema = closedObject({
  message: messageSchema.properties.message,
  authKey: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]+$',
    minLength: 16,
    maxLength: 200,
    description:
      'A password reset key (32 random bytes, base64url; 1 hour, single use) for change-password or reset-password.',
  },
});
export type ResetCodeAccepted = FromSchema<typeof resetCodeAcceptedSchema>;

export const mobileSchema = closedObject({
  isoAlpha2Code: { type: 'string', pattern: '^[A-Z]{2}$' },
  mobileNumber: {
    type: 'string',
    maxLength: 25,
    description: 'In a request: as typed, valid for the country. In an answer: E.164, e.g. +27821234567.',
  },
});
export type MobileNumber = FromSchema<typeof mobileSchema>;

export const tokenInfoSchema = closedObject({
  accessToken: { type: 'string' },
  expiresIn: {
    type: 'integer',
    description: 'Seconds until the access token expires (ACCESS_TOKEN_TTL_SECONDS, default 900).',
  },
  refreshToken: { type: 'string' },
  refreshExpiresIn: {
    type: 'integer',
    description: 'Seconds until the refresh token expires (REFRESH_TOKEN_TTL_SECONDS, default 3600).',
  },
});
export type TokenInfo = FromSchema<typeof tokenInfoSchema>;

export const loginResultSchema = closedObject({
  tokenInfo: tokenInfoSchema,
  profileIdentifier: { type: 'string', format: 'uuid' },
});
export type LoginResult = FromSchema<typeof loginResultSchema>;

/** The profile as GET /api/eta/profile answers it. */
export const profileSchema = closedObject({
  profileIdentifier: { type: 'string', format: 'uuid' },
  title: { type: ['string', 'null'] },
  givenNames: { type: 'string' },
  familyName: { type: 'string' },
  email: { type: 'string', format: 'email' },
  mobile: mobileSchema,
  emailVerified: { type: 'boolean' },
  language: {
    type: 'string',
    description: 'The saved language: messages and e-mails of this profile use it.',
  },
});
export type Profile = FromSchema<typeof profileSchema>;

// ------------------------------------------------------------------ request bodies
// Each is the type of the schema file named beside it (see schema-file-types.ts).

/** schemas/registration.schema.json */
export type RegistrationRequest = FromSchemaFile<typeof registrationSchema>;

/** schemas/api/verify.schema.json: the link's key, or the e-mailed code (of a password reset with RESET_PASSWORD). */
export type VerifyRequest = FromSchemaFile<typeof apiVerifySchema>;

/** schemas/api/email-request.schema.json */
export type EmailRequest = FromSchemaFile<typeof apiEmailRequestSchema>;

/** schemas/forgot-password.schema.json */
export type ForgotPasswordRequest = FromSchemaFile<typeof forgotPasswordSchema>;

/** schemas/login.schema.json */
export type LoginRequest = FromSchemaFile<typeof loginSchema>;

/** schemas/api/refresh.schema.json */
export type RefreshRequest = FromSchemaFile<typeof apiRefreshSchema>;

/** schemas/api/logout.schema.json */
export type LogoutRequest = FromSchemaFile<typeof apiLogoutSchema>;

/** schemas/reset-password.schema.json */
export type ResetPasswordRequest = FromSchemaFile<typeof resetPasswordSchema>;

/** schemas/api/change-password.schema.json: the current password, or the key of a reset link or accepted code. */
export type ChangePasswordRequest = FromSchemaFile<typeof apiChangePasswordSchema>;

/** schemas/api/profile-update.schema.json */
export type ProfileUpdateRequest = FromSchemaFile<typeof apiProfileUpdateSchema>;
