import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { recordMailSent } from '../system/public';
import { SpanKind, withSpan } from '../telemetry/public';
import { mailboxRoutes } from './mailbox-routes';
import { renderMail, type MailMessage, type MailTemplate } from './templates';
import { transports } from './transports/index';
import type { MailTransport } from './transports/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail transport chosen from the configuration (see transports/index.ts). */
    mailer: MailTransport & { transportName: string };
  }
}

/** Sends one message through the app's transport. */
export function sendMail(app: FastifyInstance, message: MailMessage): Promise<void> {
  return app.mailer.send(message);
}

/** An account holder as the e-mails address them: to their address, in their language, by their given names. */
export interface MailRecipient {
  email: string;
  language: string;
  given_names: string;
}

/** Writes a template for an account holder, linking to this portal's pages, and sends it. */
export function mailTo(app: FastifyInstance, recipient: MailRecipient, template: MailTemplate): Promise<void> {
  return sendMail(
    app,
    renderMail(template, {
      to: recipient.email,
      language: recipient.language,
      name: recipient.given_names,
      publicUrl: app.config.publicUrl,
      pages: app.pagePaths,
    }),
  );
}

/**
 * Sends the e-mails of a batch that are due, one after the other, until the batch is done or `signal` is aborted
 * (the server stops); `send` answers whether it sent. Answers how many were sent.
 */
export async function sendEachDue<Row>(
  due: readonly Row[],
  send: (row: Row) => Promise<boolean>,
  signal?: AbortSignal,
): Promise<number> {
  let sent = 0;
  for (const row of due) {
    if (signal?.aborted) break;
    if (await send(row)) sent++;
  }
  return sent;
}

/**
 * Picks the transport, makes it available to every area as `app.mailer` (and `sendMail`), closes it with the
 * server, and serves the development mailbox when it is on.
 */
const plugin: FastifyPluginAsync = async (app) => {
  const definition = transports.find((candidate) => candidate.selects(app.config));
  if (!definition) throw new Error('No mail transport applies to this configuration');
  const transport = definition.create({ config: app.config, db: app.db, log: app.log });
  // Each message is a span of the current trace and counted, sent or failed.
  const send = (message: MailMessage) =>
    withSpan(
      'mail send',
      { kind: SpanKind.CLIENT, attributes: { 'eta.mail_transport': definition.name } },
      async () => {
        try {
          await transport.send(message);
        } catch (error) {
          recordMailSent(definition.name, 'failed');
          throw error;
        }
        recordMailSent(definition.name, 'sent');
      },
    );
  app.decorate('mailer', { ...transport, send, transportName: definition.name });
  app.addHook('onClose', async () => transport.close());
  if (app.config.devMailbox) await app.register(mailboxRoutes);
};

// Decorations must reach the other areas, so this plugin does not get a scope of its own.
Object.assign(plugin, { [Symbol.for('skip-override')]: true });

export const mailPlugin = plugin;
