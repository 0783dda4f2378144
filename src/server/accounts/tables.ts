/**
 * Tables of the accounts area, added to the shared `Database` interface. Portable types only:
 * timestamps ISO-8601 UTC text, booleans integer 0/1, ids text UUIDs.
 */

/** A registered person. The e-mail address is stored lower-cased and is unique. */
export interface ProfilesTable {
  id: string;
  title: string | null;
  given_names: string;
  family_name: string;
  email: string;
  /** ISO 3166-1 alpha-2 code of the mobile number's country. */
  mobile_country: string;
  /** E.164, e.g. +27821234567. */
  mobile_number: string;
  /** argon2id PHC string. */
  password_hash: string;
  email_verified: number;
  /** Language the profile was registered in; e-mails are written in it. */
  language: string;
  created_at: string;
  updated_at: string;
}

/** A session family: one sign-in and every refresh token rotated from it. */
export interface AuthSessionsTable {
  id: string;
  profile_id: string;
  created_at: string;
  revoked_at: string | null;
  /** logout | reuse | password-changed | password-reset */
  revoked_reason: string | null;
}

/** Refresh tokens, by the SHA-256 of the token; a rotated token keeps its row so that its reuse is recognised. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  /**
   * When the token was exchanged (or, unused, replaced after a lost answer). The token it was rotated into has
   * `created_at` equal to this value.
   */
  rotated_at: string | null;
}

/** Single-use e-mail verification and password-reset keys (links) and codes, stored hashed. */
export interface EmailKeysTable {
  id: string;
  profile_id: string;
  /** VERIFY_EMAIL | RESET_PASSWORD */
  purpose: string;
  /** link | code */
  kind: string;
  key_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Wrong entries of a code so far. */
  attempts: number;
}

/** One counted event (a failed login, a code entry, an e-mail request) in a sliding-window throttle. */
export interface ThrottleEventsTable {
  id: string;
  /** What is counted and for whom, e.g. "login:ip:203.0.113.9"; addresses appear only as hashes. */
  bucket: string;
  occurred_at: string;
}

declare module '../db/schema' {
  interface Database {
    profiles: ProfilesTable;
    auth_sessions: AuthSessionsTable;
    refresh_tokens: RefreshTokensTable;
    email_keys: EmailKeysTable;
    throttle_events: ThrottleEventsTable;
  }
}
