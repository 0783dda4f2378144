import type { TransportDefinition } from './types';
import { REDACTED, redactText } from '../../http/log-redaction';
import { uuidv7 } from '../../lib/uuidv7';
import { mailRepository } from '../repository';

/** Addresses in a message's text: the links the development mailbox lists with each message. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/** Where the development mailbox shows its messages (mailbox-routes.ts). */
const MAILBOX_PAGE = '/dev/mailbox';

/**
 * Without SMTP, messages are kept in the database, so that a fresh installation can complete registration;
 * /dev/mailbox shows them while DEV_MAILBOX is on. The log says a message was kept, of which kind and under which
 * id, and never its recipient, links or codes: an e-mailed link's key resets a password, and logs travel further
 * than this machine.
 */
export const devMailboxTransport: TransportDefinition = {
  name: 'dev-mailbox',
  selects: () => true,
  create: ({ config, db, log }) => ({
    send: async (message) => {
      const id = uuidv7();
      await mailRepository(db).keepInDevMailbox({
        id,
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: new Date().toISOString(),
      });
      const mail = { id, kind: message.kind, to: REDACTED, subject: redactText(message.subject) };
      if (config.devMailbox) {
        log.info({ mail, mailbox: MAILBOX_PAGE }, `mail kept in the development mailbox: read it at ${MAILBOX_PAGE}`);
      } else {
        log.warn({ mail }, 'mail not delivered: set SMTP_URL to send e-mail');
      }
    },
    close: async () => {},
  }),
};
