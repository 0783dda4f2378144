/**
 * The roles of staff: an editor changes forms and texts, a translator the texts of their languages, a publisher
 * approves and publishes drafts (never their own), an officer decides applications, an administrator manages staff
 * accounts. A member of staff may hold several.
 */
export const STAFF_ROLES = ['editor', 'translator', 'publisher', 'officer', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);
