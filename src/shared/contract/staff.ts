/**
 * The staff's calls (`/api/staff`): sign-in with a password and an authenticator's code, the session's member, the
 * audit trail and the configuration's versions. Staff are apart from applicants: their own accounts, session cookie
 * and address; these calls are the portal's own, not the specification's, and are left out of its OpenAPI
 * description.
 */

/** Where the staff's calls live. */
export const STAFF_API = '/api/staff';

export const STAFF_PATHS = {
  session: `${STAFF_API}/session`,
  audit: `${STAFF_API}/audit`,
  versions: `${STAFF_API}/configuration/versions`,
  accounts: `${STAFF_API}/accounts`,
  accountRoles: `${STAFF_API}/accounts/roles`,
  accountDisable: `${STAFF_API}/accounts/disable`,
  texts: `${STAFF_API}/texts`,
  draft: `${STAFF_API}/configuration/draft`,
  draftDiscard: `${STAFF_API}/configuration/draft/discard`,
} as const;

/**
 * The staff session's cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), ended
 * by the server after 30 idle minutes or 8 hours (src/server/staff/sessions.ts).
 */
export const STAFF_SESSION_COOKIE = 'eta.staff';

/** Why a staff call was refused. */
export const STAFF_ERRORS = {
  /** The e-mail, the password or the code was wrong (the answer does not say which), or the account is disabled. */
  signInRefused: 'STAFF_SIGN_IN_REFUSED',
  /** Too many refused sign-ins of the address: refused until the window passes. */
  signInLocked: 'STAFF_SIGN_IN_LOCKED',
  /** No staff session, or it has ended. */
  sessionRequired: 'STAFF_SESSION_REQUIRED',
  /** The member of staff lacks the role the call needs. */
  roleRequired: 'STAFF_ROLE_REQUIRED',
  /** A change of staff accounts was refused (`fields` name the answers at fault). */
  changeRefused: 'STAFF_CHANGE_REFUSED',
} as const;

export type StaffErrorCode = (typeof STAFF_ERRORS)[keyof typeof STAFF_ERRORS];

/**
 * The roles of staff: an editor changes forms and texts, a translator the texts of their languages, a publisher
 * approves and publishes drafts (never their own), an officer decides applications, an administrator manages staff
 * accounts. A member of staff may hold several.
 */
export const STAFF_ROLE_NAMES = ['editor', 'translator', 'publisher', 'officer', 'administrator'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

/** Who may do what on the staff's pages and calls, by role: one of the roles named suffices. */
export const STAFF_ROLES_THAT = {
  /** Read the configuration's versions and drafts (all but the officer). */
  readConfiguration: ['editor', 'translator', 'publisher', 'administrator'],
  /** Change texts: an editor in every language, a translator in theirs. */
  writeTexts: ['editor', 'translator'],
  /** Manage staff accounts and read the audit trail. */
  manageStaff: ['administrator'],
} as const satisfies Record<string, readonly StaffRoleName[]>;

/** Whether a member with `roles` may do what `allowed` (one of STAFF_ROLES_THAT) names. */
export const staffMay = (roles: readonly string[], allowed: readonly StaffRoleName[]): boolean =>
  roles.some((role) => (allowed as readonly string[]).includes(role));

/** POST /api/staff/session. */
export interface StaffSignInRequest {
  email: string;
  password: string;
  /** The authenticator app's 6-digit code. */
  code: string;
}

/** The member of staff of the session (GET /api/staff/session, and the answer of a sign-in). */
export interface StaffSession {
  email: string;
  roles: StaffRoleName[];
  /** A translator's languages. */
  languages: string[];
}

/** One entry of the audit trail (GET /api/staff/audit, administrators). */
export interface StaffAuditEntry {
  at: string;
  /** Who: a member of staff's e-mail, or the operator's command and its user. */
  actor: string;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
}

/** A published version of the configuration (GET /api/staff/configuration/versions). */
export interface StaffVersionSummary {
  number: number;
  publishedAt: string;
  publishedBy: string;
  /** Why it was published, in the publisher's words. */
  note: string;
  /** The earlier version it publishes again, for a rollback. */
  restores: number | null;
  live: boolean;
}

/** A draft on top of a version. */
export interface StaffDraftSummary {
  id: string;
  baseVersion: number;
  createdAt: string;
  createdBy: string;
  note: string;
}

export interface StaffVersions {
  versions: StaffVersionSummary[];
  drafts: StaffDraftSummary[];
}

/** A staff account as administrators see it (GET /api/staff/accounts). */
export interface StaffAccountSummary {
  email: string;
  roles: StaffRoleName[];
  languages: string[];
  createdAt: string;
  disabled: boolean;
}

/** POST /api/staff/accounts (a new member), PUT /api/staff/accounts/roles (a member's roles). */
export interface StaffAccountRequest {
  email: string;
  roles: string[];
  /** A translator's languages. */
  languages?: string[];
}

/** A new member of staff: their password and authenticator key, answered this once, to be handed to them. */
export interface StaffAccountAdded {
  member: StaffAccountSummary;
  password: string;
  totpSecret: string;
  /** The `otpauth://` address an authenticator app takes the key from, as a QR code. */
  totpAddress: string;
}

/** GET /api/staff/texts: a language's namespace (the first the member writes, by default), from a draft or live. */
export interface StaffTextsQuery {
  language?: string;
  namespace?: string;
  /** The member's open draft to read from; the live version without it. */
  draft?: string;
}

/** One text beside English; `text` undefined while untranslated. */
export interface StaffTextRow {
  key: string;
  english: string;
  text?: string;
}

export interface StaffTexts {
  /** The languages the member writes (an editor every one, a translator theirs). */
  languages: string[];
  namespaces: string[];
  language: string;
  namespace: string;
  draft?: string;
  rows: StaffTextRow[];
}

/** PUT /api/staff/texts: texts by dotted key (an empty one makes it untranslated), into the member's draft. */
export interface StaffTextsRequest {
  language: string;
  namespace: string;
  draft?: string;
  texts: Record<string, string>;
}

/** The draft the texts went into (none when nothing changed), and how many changed. */
export interface StaffTextsSaved {
  draft?: string;
  changed: number;
}

/** One change a draft makes to the version it was made on (see src/server/configuration/diff.ts). */
export interface StaffDraftChange {
  kind: 'added' | 'removed' | 'changed';
  file: string;
  /** Where in the file, as dotted keys (empty for the whole file). */
  path: string;
  /** What it concerns: a form (and field), a text (and language), or a file. */
  area: 'form' | 'text' | 'file';
  form?: string;
  field?: string;
  language?: string;
  key?: string;
  /** The values before and after, as JSON (absent where there was, or is, none). */
  before?: string;
  after?: string;
}

/** GET /api/staff/configuration/draft?id=: a draft and what it changes from its version. */
export interface StaffDraftDetail {
  draft: StaffDraftSummary;
  /** Whether the member may discard it: their own draft, or a publisher's or administrator's decision. */
  discardable: boolean;
  changes: StaffDraftChange[];
}
