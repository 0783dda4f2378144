import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { recordMailSent } from '../system/public';
import { SpanKind, withSpan } from '../telemetry/public';
import { mailboxRoutes } from './mailbox-routes';
import type { MailMessage } from './templates';
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
