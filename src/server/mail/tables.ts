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

declare module '../db/schema' {
  interface Database {
    dev_mailbox: DevMailboxTable;
  }
}
