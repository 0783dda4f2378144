import type { TransportDefinition } from './types';
import { uuidv7 } from '../../lib/uuidv7';
import { mailRepository } from '../repository';

/** Addresses in a message's text, so the log shows the link to follow. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/**
 * Without SMTP, messages are kept in the database and written to the log, so that a fresh installation can
 * complete registration; /dev/mailbox shows them while DEV_MAILBOX is on.
 */
export const devMailboxTransport: TransportDefinition = {
  name: 'dev-mailbox',
  selects: () => true,
  create: ({ config, db, log }) => ({
    send: async (message) => {
      await mailRepository(db).keepInDevMailbox({
        id: uuidv7(),
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: new Date().toISOString(),
      });
      if (config.devMailbox) {
        log.info(
          { mail: { to: message.to, subject: message.subject, links: linksIn(message.text) } },
          'mail kept in the development mailbox',
        );
      } else {
        // Links in e-mails are credentials: outside development they never reach the log.
        log.warn({ mail: { subject: message.subject } }, 'mail not delivered: set SMTP_URL to send e-mail');
      }
    },
    close: async () => {},
  }),
};
