import Negotiator from 'negotiator';
import { PAGE_DATA_ID } from '../../shared/rendered-page';
import type { RenderedPage } from './server-entry';

/*
 * How the portal's page (index.html) is rewritten for a request, and which encoding it is sent in: text
 * transforms with no state, used by portal-page.ts.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Picks the best encoding the client accepts (brotli, then gzip), ignoring those it refuses with q=0: the server's
 * order decides among those accepted, whatever their q-values.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const accepted = new Set(
    new Negotiator({ headers: { 'accept-encoding': header } }).encodings().map((name) => name.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can end or change it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with a page rendered by the server: `<html lang dir>`, the title, the page's styles, its markup in #root
 * (marked with the route and language it was rendered for) and its data as a JSON data block after it.
 */
export function withPage(html: string, page: RenderedPage, route: string): string {
  return html
    .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${page.lang}" dir="${page.dir}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `  ${page.head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-rendered="${escapeHtml(`${route}|${page.lang}`)}">${page.body}</div>\n` +
        `    <script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(page.data)}</script>`,
    );
}

/** A script of the page or a preload of one. */
const SCRIPT_TAG = /<(script type="module"|link rel="modulepreload")/g;
/** A stylesheet or a font preload: what the first paint waits for. */
const PAINT_TAG = /<link rel="(?:stylesheet|preload)"[^>]*>\s*/g;

/**
 * The head of a page rendered ahead: its scripts only hydrate what is already shown, so the stylesheets and
 * fonts come before them and the scripts and their preloads are fetched at low priority, after what the first
 * paint needs (on a slow connection they would otherwise share the bandwidth the page's styles need).
 */
export function paintFirst(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  const head = html.slice(0, end);
  const paint = head.match(PAINT_TAG) ?? [];
  const rest = head.replace(PAINT_TAG, '').replace(SCRIPT_TAG, '<$1 fetchpriority="low"');
  const firstScript = rest.search(SCRIPT_TAG);
  const at = firstScript < 0 ? rest.length : firstScript;
  return `${rest.slice(0, at)}${paint.join('')}${rest.slice(at)}${html.slice(end)}`;
}
