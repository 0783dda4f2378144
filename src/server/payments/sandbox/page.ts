import { directionOf } from '../../../shared/languages';
import { translate } from '../../i18n';
import { escapeHtml } from '../../mail/public';
import type { SandboxPaymentsTable } from '../tables';
import { formatMoney } from '../../../shared/money';
import { groupCard, TEST_CARDS } from './cards';

/**
 * The sandbox's hosted pages: plain HTML written by the server, no script (the Content-Security-Policy allows
 * none inline), styles in one style element (style-src allows them), texts from locales/<lng>/payments.json.
 */

const STYLE = `
body{font-family:Poppins,Arial,sans-serif;color:#1b1b1b;line-height:1.5;margin:0;background:#f5f5f5}
main{max-width:36em;margin:0 auto;padding:1.5em;background:#fff;min-height:100vh;box-sizing:border-box}
.notice{border-inline-start:5px solid #b58800;background:#fff7e0;padding:.75em 1em}
.summary{border:4px solid #c0152f;padding:1em;margin:1em 0}
.summary h2{margin-top:0;font-size:1.2em}
.summary a,.error{color:#c0152f;font-weight:bold}
.field{margin:1.25em 0}
.field.invalid{border-inline-start:5px solid #c0152f;padding-inline-start:1em}
label{display:block;font-weight:bold}
.hint{color:#505050;margin:.25em 0}
input{font:inherit;padding:.5em;border:2px solid #1b1b1b;width:100%;max-width:20em;box-sizing:border-box}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:0}
.actions{display:flex;flex-wrap:wrap;gap:1em;margin:1.5em 0}
button{font:inherit;font-weight:bold;padding:.6em 1.2em;border:2px solid #007a4d;background:#007a4d;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#007a4d}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em}
dt{font-weight:bold}
dd{margin:0}
`;

export interface PageContext {
  language: string;
  /** The path the page's forms post to. */
  action: string;
}

const t = (language: string, key: string, vars?: Record<string, unknown>) =>
  escapeHtml(translate(language, `payments:sandbox.${key}`, vars));

function layout(language: string, title: string, body: string): string {
  const lang = escapeHtml(language);
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${directionOf(language)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title><style>${STYLE}</style></head>`,
    `<body><main>${body}</main></body></html>`,
  ].join('\n');
}

function amountList(payment: SandboxPaymentsTable, language: string): string {
  const amount = escapeHtml(formatMoney(payment.amount, payment.currency, language));
  return `<p>${t(language, 'merchant')}</p><dl><dt>${t(language, 'amount')}</dt><dd>${amount}</dd></dl>`;
}

/** The card form, with the refusal of the last try when there was one (`error`: a key of sandbox.*). */
export function cardPage(payment: SandboxPaymentsTable, context: PageContext, error?: string, typed = ''): string {
  const { language } = context;
  const amount = escapeHtml(formatMoney(payment.amount, payment.currency, language));
  const describedBy = error ? 'card-number-hint card-number-error' : 'card-number-hint';
  const summary = error
    ? `<div class="summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>` +
      `<h2 id="error-summary-title">${t(language, 'errorSummary')}</h2>` +
      `<ul><li><a href="#card-number">${t(language, error)}</a></li></ul></div>`
    : '';
  const cards = Object.entries(TEST_CARDS)
    // A card number reads left to right in a right-to-left sentence too: its groups of digits keep their order.
    .map(([number, card]) => {
      const text = t(language, card.textKey, { number: '\u0000' });
      return `<li>${text.replace('\u0000', `<span dir="ltr">${groupCard(number)}</span>`)}</li>`;
    })
    .join('');
  const body = `
<p class="notice">${t(language, 'testNotice')}</p>
${summary}
<h1>${t(language, 'heading')}</h1>
${amountList(payment, language)}
<form method="post" action="${escapeHtml(context.action)}" novalidate>
<div class="field${error ? ' invalid' : ''}">
<label for="card-number">${t(language, 'cardNumber')}</label>
<p class="hint" id="card-number-hint">${t(language, 'cardNumberHint')}</p>
${error ? `<p class="error" id="card-number-error">${t(language, error)}</p>` : ''}
<input id="card-number" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" spellcheck="false" dir="ltr" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''} value="${escapeHtml(typed)}">
</div>
<div class="field"><label for="expiry">${t(language, 'expiry')}</label>
<input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" dir="ltr"></div>
<div class="field"><label for="cvc">${t(language, 'cvc')}</label>
<input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" dir="ltr"></div>
<div class="actions">
<button type="submit" name="action" value="pay">${t(language, 'pay', { amount: formatMoney(payment.amount, payment.currency, language) })}</button>
<button type="submit" name="action" value="cancel" class="secondary">${t(language, 'cancel')}</button>
</div>
</form>
<h2>${t(language, 'testCards')}</h2>
<ul>${cards}</ul>`;
  return layout(
    language,
    `${error ? `${t(language, 'errorSummary')}: ` : ''}${t(language, 'pageTitle')} – ${amount}`,
    body,
  );
}

/** The bank's extra confirmation (as 3-D Secure asks), simulated with two buttons. */
export function authenticationPage(payment: SandboxPaymentsTable, context: PageContext): string {
  const { language } = context;
  const body = `
<p class="notice">${t(language, 'testNotice')}</p>
<h1>${t(language, 'authenticationHeading')}</h1>
<p>${t(language, 'authenticationIntro', { amount: formatMoney(payment.amount, payment.currency, language) })}</p>
<form method="post" action="${escapeHtml(context.action)}">
<div class="actions">
<button type="submit" name="action" value="authenticate">${t(language, 'completeAuthentication')}</button>
<button type="submit" name="action" value="fail-authentication" class="secondary">${t(language, 'failAuthentication')}</button>
</div>
</form>`;
  return layout(language, t(language, 'authenticationHeading'), body);
}

/** A payment whose page is done (paid, refused, cancelled or replaced by a newer attempt). */
export function finishedPage(payment: SandboxPaymentsTable, language: string): string {
  const link = payment.return_url
    ? `<p><a href="${escapeHtml(payment.return_url)}">${t(language, 'returnToPortal')}</a></p>`
    : '';
  const body = `<h1>${t(language, 'finishedHeading')}</h1><p>${t(language, 'finishedBody')}</p>${link}`;
  return layout(language, t(language, 'finishedHeading'), body);
}

/** No such payment. */
export function notFoundPage(language: string): string {
  const body = `<h1>${t(language, 'notFoundHeading')}</h1><p>${t(language, 'notFoundBody')}</p>`;
  return layout(language, t(language, 'notFoundHeading'), body);
}
