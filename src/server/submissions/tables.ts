/** Delivery of a submission to the forms' mailbox (FORM_SUBMISSIONS_EMAIL). */
export type SubmissionMailState = 'NONE' | 'PENDING' | 'SENT';

/** One set of answers sent with a public form: validated, kept for FORM_SUBMISSIONS_RETENTION_DAYS. */
export interface FormSubmissionsTable {
  /** UUID version 7, so that ids sort by the time they were received. */
  id: string;
  /** The reference the sender is shown and the e-mail quotes (e.g. "K7QM-2RXD"). */
  reference: string;
  form_id: string;
  /** The answers as JSON text, as the form's schema accepted them. */
  answers: string;
  /** The language the sender used the portal in. */
  language: string;
  /** The signed-in sender's profile, when there was one. */
  profile_id: string | null;
  created_at: string;
  mail_state: SubmissionMailState;
  /** When delivery was last tried (a sweep retries pending deliveries tried long enough ago). */
  mail_attempted_at: string | null;
}

declare module '../db/schema' {
  interface Database {
    form_submissions: FormSubmissionsTable;
  }
}
