import type { StaffRole } from './roles';

/** A member of staff: their own account, apart from applicants', with roles and a second factor. */
export interface StaffAccountsTable {
  /** UUID version 7. */
  id: string;
  /** Lower-cased, as signed in with. */
  email: string;
  /** Argon2id, as applicants' passwords. */
  password_hash: string;
  /** JSON text: the roles, e.g. `["editor","publisher"]`. */
  roles: string;
  /** JSON text: the languages a translator works on (empty for other roles). */
  languages: string;
  /** The authenticator's key (base32, RFC 6238). */
  totp_secret: string;
  /** The last time step a code was accepted for: a code is taken once. */
  totp_last_step: number | null;
  created_at: string;
  created_by: string;
  disabled_at: string | null;
}

/** A signed-in member of staff: the key's hash, never the key. Short: idle and absolute limits (sessions.ts). */
export interface StaffSessionsTable {
  /** SHA-256 of the session key, hex. */
  id: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
}

/** What staff (or an operator's command) did: who, when, what, to what, and the difference. Never changed. */
export interface StaffAuditTable {
  /** UUID version 7: sorts by time. */
  id: string;
  /** The staff account that acted, or null for an operator's command or a refused sign-in of an unknown address. */
  staff_id: string | null;
  /** Who acted, in words: the staff member's e-mail, or the command and its user. */
  actor: string;
  /** What happened, e.g. `staff.signed-in`, `configuration.published`. */
  action: string;
  /** What it was done to (an account's e-mail, a version, a draft). */
  subject: string;
  /** JSON text: the difference or the details. */
  detail: string;
  at: string;
}

declare module '../db/schema' {
  interface Database {
    staff_accounts: StaffAccountsTable;
    staff_sessions: StaffSessionsTable;
    staff_audit: StaffAuditTable;
  }
}

export type { StaffRole };
