import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackRequest } from '../http/loopback';
import type { RouteSchemaTypes } from '../openapi/public';
import { directionOf } from '../../shared/languages';
import { languageOf } from '../i18n';
import { mailRepository } from './repository';
import { escapeHtml, mailText } from './templates';
import { linksIn } from './transports/dev-mailbox';

const PAGE_SIZE = 100;

/** Escapes a message's text and makes its addresses clickable. */
function textWithLinks(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The development mailbox: every message kept while no SMTP server is configured, newest first. Its messages
 * hold every reset link and code, so it answers only clients on this machine (isLoopbackRequest), unless
 * DEV_MAILBOX=true was set by hand; anyone else gets the answer of an address that does not exist.
 */
export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const anyClient = app.config.devMailboxAnyClient === true;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!anyClient && !isLoopbackRequest(request)) {
      request.log.info(
        { event: 'dev-mailbox-refused' },
        'development mailbox asked for by a client not on this machine',
      );
      return reply.callNotFound();
    }
  });

  const recent = (to?: string) =>
    mailRepository(app.db).latestDevMail(PAGE_SIZE, to ? to.trim().toLowerCase() : undefined);

  app
    .withTypeProvider<RouteSchemaTypes>()
    .get(
      '/dev/mailbox.json',
      { schema: { querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 254 } } } } as const },
      async (request) => {
        const rows = await recent(request.query.to);
        return rows.map((row) => ({
          id: row.id,
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          links: linksIn(row.text_body),
          createdAt: row.created_at,
        }));
      },
    );

  app.get('/dev/mailbox', async (request, reply) => {
    const lang = languageOf(request);
    const t = (key: string) => escapeHtml(mailText(lang, `mailbox.${key}`));
    const rows = await recent();
    const items = rows.map(
      (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<dl><dt>${t('to')}</dt><dd>${escapeHtml(row.recipient)}</dd><dt>${t('sentAt')}</dt><dd><time datetime="${escapeHtml(row.created_at)}">${escapeHtml(row.created_at.replace('T', ' ').slice(0, 19))} UTC</time></dd></dl>
<pre>${textWithLinks(row.text_body)}</pre>
</article>`,
    );
    const html = `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')}</title>
<style>body{font-family:Arial,sans-serif;max-width:880px;margin:0 auto;padding:16px;color:#1b1b1b}article{border-top:1px solid #8a8a8a;padding:8px 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{font-weight:bold}dd{margin:0}pre{white-space:pre-wrap;word-break:break-word;font-family:inherit}a{color:#005a38}</style>
</head><body><main>
<h1>${t('title')}</h1>
<p>${t('intro')}</p>
${items.length ? items.join('\n') : `<p>${t('empty')}</p>`}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
