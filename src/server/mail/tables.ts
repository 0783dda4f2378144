/** Messages kept by the development mailbox, newest first by their time-ordered id. */
export interface DevMailboxTable {
  /** UUID version 7, so that ids sort by the time they were made. */
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
}

/**
 * Rows whose e-mail is sent after the request that stored them, and sent again by housekeeping while it is
 * pending: `mail_state` says whether it still is, `mail_attempted_at` when it was last tried (null: never).
 */
export interface MailDeliveryColumns {
  mail_state: string;
  mail_attempted_at: string | null;
}

declare module '../db/schema' {
  interface Database {
    dev_mailbox: DevMailboxTable;
  }
}
