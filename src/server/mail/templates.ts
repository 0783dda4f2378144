import { existsSync, readFileSync } from 'node:fs';
import { directionOf, FALLBACK_LANGUAGE } from '../../shared/languages';
import type { PagePaths } from '../lib/page-paths';

/** A message ready for a transport. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What it is, for the log (the template it was written from); none for a message written elsewhere. */
  kind?: string;
}

/** The e-mails the service sends, by template name. */
export type MailTemplate =
  | { template: 'verify-email'; authKey: string; code: string }
  | { template: 'reset-password'; authKey: string; code: string }
  | { template: 'password-changed'; changedAt: Date }
  | { template: 'account-exists' }
  | {
      template: 'application-submitted';
      reference: string;
      /** The applicants' names as they appear on the application. */
      applicants: string[];
      /** The amount paid, already written for the recipient's language. */
      amount: string;
    }
  | {
      template: 'decision-made';
      /** Which document the decision gave: it chooses the texts. */
      kind: 'ETA' | 'PERMIT' | 'REJECTION_NOTICE';
      /** The applicant's name as it appears on the application. */
      applicant: string;
      reference: string;
      /** The portal page that shows the document, with its query. */
      path: string;
    };

/** What every template needs besides its own values. */
export interface MailContext {
  to: string;
  language: string;
  /** Given names of the recipient, when known; used in the greeting. */
  name?: string;
  /** Address of the portal, without a trailing slash. */
  publicUrl: string;
  /** The addresses of the portal's pages the e-mails link to (the route manifest's). */
  pages: MailPages;
}

/** The portal pages the e-mails link to. */
export type MailPages = Pick<
  PagePaths,
  'verifyEmail' | 'resetPassword' | 'forgotPassword' | 'login' | 'applicationsList'
>;

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; href: string }
  | { kind: 'code'; text: string; code: string };

type Messages = Record<string, unknown>;

const localesDir = new URL('../../../locales/', import.meta.url);
const cache = new Map<string, Messages | null>();

function messagesFor(language: string): Messages | null {
  if (!cache.has(language)) {
    // The language comes from a request header or the database: only plain tags name a folder.
    const file = new URL(`${language}/emails.json`, localesDir);
    const usable = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language) && existsSync(file);
    cache.set(language, usable ? (JSON.parse(readFileSync(file, 'utf8')) as Messages) : null);
  }
  return cache.get(language) ?? null;
}

function lookup(messages: Messages | null, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Unicode FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what they enclose takes its own direction. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * The value as placed in a sentence of the language. In a right-to-left language a value (a name, an address, a
 * reference, a date, a code) is isolated so that its Latin letters, digits and punctuation neither read in
 * reverse nor pull the words around them out of order. A value that starts a line of its own (a link under its
 * label) is a paragraph of its own and is left bare: mail programs could take an isolate into the link.
 */
function placed(value: string, rtl: boolean): string {
  return rtl && value !== '' && !value.startsWith('\n') ? `${FSI}${value}${PDI}` : value;
}

/**
 * Translates an `emails` key for the language (falling back to English) and fills its {{placeholders}}; in a
 * right-to-left language each value is isolated (U+2068 … U+2069), which the HTML body turns into `<bdi>`.
 */
export function mailText(language: string, key: string, vars: Record<string, string> = {}): string {
  const template = lookup(messagesFor(language), key) ?? lookup(messagesFor(FALLBACK_LANGUAGE), key);
  if (template === undefined) throw new Error(`Missing e-mail text emails:${key}`);
  const rtl = directionOf(language) === 'rtl';
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => placed(vars[name] ?? '', rtl));
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const ISOLATED = new RegExp(`${FSI}([^${FSI}${PDI}]*)${PDI}`, 'g');

/** Text as HTML element content, each isolated value in a `<bdi>`. */
function htmlText(text: string): string {
  return escapeHtml(text).replace(ISOLATED, '<bdi>$1</bdi>');
}

function link(context: MailContext, path: string, authKey?: string): string {
  const query = authKey === undefined ? '' : `?authKey=${encodeURIComponent(authKey)}`;
  return `${context.publicUrl}${path}${query}`;
}

function blocksFor(mail: MailTemplate, context: MailContext): { subjectKey: string; blocks: Block[] } {
  const t = (key: string, vars?: Record<string, string>) => mailText(context.language, key, vars);
  const p = (key: string, vars?: Record<string, string>): Block => ({ kind: 'paragraph', text: t(key, vars) });
  // The e-mails that carry a link and the same code to type: what to do, the link, the code, how long, not you?
  const withCode = (texts: 'verifyEmail' | 'resetPassword', page: string, code: { authKey: string; code: string }) => ({
    subjectKey: `${texts}.subject`,
    blocks: [
      p(`${texts}.intro`),
      { kind: 'action', label: t(`${texts}.action`), href: link(context, page, code.authKey) },
      { kind: 'code', text: t(`${texts}.code`, { code: code.code }), code: code.code },
      p(`${texts}.expiry`),
      p(`${texts}.notYou`),
    ] satisfies Block[],
  });
  switch (mail.template) {
    case 'verify-email':
      return withCode('verifyEmail', context.pages.verifyEmail, mail);
    case 'reset-password':
      return withCode('resetPassword', context.pages.resetPassword, mail);
    case 'password-changed':
      return {
        subjectKey: 'passwordChanged.subject',
        blocks: [
          p('passwordChanged.intro', { date: mail.changedAt.toISOString().slice(0, 16).replace('T', ' ') }),
          p('passwordChanged.sessions'),
          p('passwordChanged.notYou'),
          { kind: 'action', label: t('passwordChanged.action'), href: link(context, context.pages.forgotPassword) },
        ],
      };
    case 'account-exists':
      return {
        subjectKey: 'accountExists.subject',
        blocks: [
          p('accountExists.intro'),
          p('accountExists.signIn'),
          { kind: 'action', label: t('accountExists.signInAction'), href: link(context, context.pages.login) },
          p('accountExists.reset'),
          { kind: 'action', label: t('accountExists.resetAction'), href: link(context, context.pages.forgotPassword) },
          p('accountExists.notYou'),
        ],
      };
    case 'application-submitted':
      return {
        subjectKey: 'applicationSubmitted.subject',
        blocks: [
          p('applicationSubmitted.intro'),
          {
            kind: 'code',
            text: t('applicationSubmitted.reference', { reference: mail.reference }),
            code: mail.reference,
          },
          p('applicationSubmitted.applicants', { names: mail.applicants.join(', ') }),
          p('applicationSubmitted.amount', { amount: mail.amount }),
          p('applicationSubmitted.next'),
          {
            kind: 'action',
            label: t('applicationSubmitted.action'),
            href: link(context, context.pages.applicationsList),
          },
          p('applicationSubmitted.keep'),
        ],
      };
    case 'decision-made': {
      const kind = { ETA: 'eta', PERMIT: 'permit', REJECTION_NOTICE: 'rejectionNotice' }[mail.kind];
      return {
        subjectKey: `decision.${kind}.subject`,
        blocks: [
          p(`decision.${kind}.intro`, { name: mail.applicant, reference: mail.reference }),
          p(`decision.${kind}.meaning`),
          { kind: 'action', label: t(`decision.${kind}.action`), href: link(context, mail.path) },
          p('decision.signIn'),
        ],
      };
    }
  }
}

function renderText(language: string, greeting: string, blocks: Block[], footer: string): string {
  const parts = [greeting];
  for (const block of blocks) {
    // The address stays on a line of its own so that mail programs make it clickable.
    if (block.kind === 'action')
      parts.push(mailText(language, 'actionText', { label: block.label, link: `\n${block.href}` }));
    else parts.push(block.text);
  }
  parts.push('--', footer);
  return `${parts.join('\n\n').replace(/[ \t]+\n/g, '\n')}\n`;
}

function renderHtml(language: string, subject: string, greeting: string, blocks: Block[], footer: string): string {
  const body = blocks.map((block) => {
    if (block.kind === 'paragraph') return `<p>${htmlText(block.text)}</p>`;
    if (block.kind === 'code') {
      // A code reads left to right inside a right-to-left sentence too: its dir isolates it as a <bdi> would.
      const [before, after = ''] = block.text.split(placed(block.code, directionOf(language) === 'rtl'));
      return `<p>${htmlText(before)}<strong dir="ltr" style="font-size:1.5em;letter-spacing:0.2em">${escapeHtml(block.code)}</strong>${htmlText(after)}</p>`;
    }
    const href = escapeHtml(block.href);
    return (
      `<p><a href="${href}" style="display:inline-block;padding:12px 20px;background:#007a4d;color:#ffffff;` +
      `text-decoration:none;border-radius:4px;font-weight:bold">${htmlText(block.label)}</a></p>` +
      `<p style="font-size:0.9em">${htmlText(mailText(language, 'linkFallback', { link: '\u0000' })).replace('\u0000', `<a href="${href}" dir="ltr">${href}</a>`)}</p>`
    );
  });
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}" dir="${directionOf(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Poppins,Arial,sans-serif;color:#1b1b1b;line-height:1.5;max-width:640px;margin:0 auto;padding:16px">',
    `<p>${htmlText(greeting)}</p>`,
    ...body,
    `<hr><p style="font-size:0.85em;color:#505050">${htmlText(footer)}</p>`,
    '</body></html>',
  ].join('\n');
}

/** Renders a template in the recipient's language as a text and an HTML body. */
export function renderMail(mail: MailTemplate, context: MailContext): MailMessage {
  const language = messagesFor(context.language) ? context.language : FALLBACK_LANGUAGE;
  const localContext = { ...context, language };
  const { subjectKey, blocks } = blocksFor(mail, localContext);
  const subject = mailText(language, subjectKey);
  const greeting = context.name
    ? mailText(language, 'greeting', { name: context.name })
    : mailText(language, 'greetingNoName');
  const footer = mailText(language, 'footer');
  return {
    to: context.to,
    subject,
    text: renderText(language, greeting, blocks, footer),
    html: renderHtml(language, subject, greeting, blocks, footer),
    kind: mail.template,
  };
}
