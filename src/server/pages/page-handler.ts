import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Setting } from '../../shared/contract';
import { FLASH_COOKIE, flashCookie, parseFlash } from '../../shared/flash-cookie';
import { languageCookie, LANGUAGE_COOKIE } from '../../shared/language-cookie';
import { linkedLanguage } from '../../shared/languages';
import { renderTiming, type RenderedPage } from '../../shared/rendered-page';
import type { RequestScope } from '../../shared/request-scope';
import { CONTEXT_EMAIL_COOKIE, parseRouterContext, ROUTER_CONTEXT_COOKIE } from '../../shared/router-context-cookie';
import { availableLanguages, translate } from '../i18n';
import { pickEncoding, type Encoding } from '../static/page-html';
import { pageLanguage } from '../static/page-language';
import { PSEUDO_LANGUAGE, PSEUDO_LANGUAGE_SETTING } from '../../shared/language-name';
import { settingIsOn } from '../../shared/settings';
import { isStaffPath } from '../../shared/staff-routes';
import type { PortalPages } from '../static/portal-page';
import { csrfAccepted, csrfRenewed, csrfTokenFor, CSRF_FIELD } from './csrf';
import { inProcessFetch } from './in-process-fetch';
import { readPostedBody } from './posted-body';
import { AUTH_TOKEN_COOKIE, pageSession, REFRESH_TOKEN_COOKIE, signedInLanguage } from './session';

export interface PageHandlerOptions {
  portal: PortalPages;
  settings: readonly Setting[];
  /** Signs the forms' CSRF tokens. */
  secret: string;
  /** The largest form body taken (the API's own limit). */
  bodyLimit: number;
  /**
   * The largest form body with files taken (`multipart/form-data`: the photos, a supporting document), so that the
   * API, not this limit, judges a file's size and the page can say why it was refused.
   */
  uploadLimit: number;
}

/**
 * Stands for the visitor's CSRF token in a page as rendered (a page kept for everyone, see `shared` below, or one
 * whose token a sign-in renews while it is rendered), replaced by the token as the page is sent.
 */
const TOKEN_PLACEHOLDER = 'eta-csrf-token-placeholder.0';

/**
 * Compression of a page rendered for one request: fast settings (the page is made anew each time), unlike the
 * build's files, compressed once at the highest settings.
 */
function compress(html: string, encoding: Encoding): Buffer | string {
  if (encoding === 'br') {
    return brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
  }
  return encoding === 'gzip' ? gzipSync(html, { level: 6 }) : html;
}

/** `Content-Disposition` of a file sent for download, its name in plain ASCII and in UTF-8 (RFC 6266). */
function attachment(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * An address as a `Location` header can carry it: any character beyond visible ASCII percent-encoded, so that nothing
 * in it can end the header, and a sign-in that succeeded is always answered with its session.
 */
const headerSafe = (location: string) => location.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));

/** The router context of a request: its cookie mirror, and the e-mail handed on by a form (else `profileEmail`). */
function routerContextOf(cookies: Readonly<Record<string, string | undefined>>, profileEmail: string | undefined) {
  const { applicationIdentifier } = parseRouterContext(cookies[ROUTER_CONTEXT_COOKIE]);
  const email = cookies[CONTEXT_EMAIL_COOKIE] || profileEmail;
  return { ...(applicationIdentifier ? { applicationIdentifier } : {}), ...(email ? { email } : {}) };
}

/**
 * Answers a request for a page of the portal (GET, HEAD, or a form POSTed to it): finds the visitor's session (its
 * cookies, refreshed when needed) and language, lets the server's entry run the route (guard, form action) and
 * render the page with its data, and sends the page with its status, or the redirect the route asked for. A page the
 * same for every visitor without a session (the manifest's `prerender`) is rendered once per language and build.
 */
export function createPageHandler(app: FastifyInstance, options: PageHandlerOptions) {
  const { portal, settings, secret } = options;
  const shared = new Map<string, Promise<RenderedPage | undefined>>();
  let sharedVersion: number | undefined;
  // The development pseudo-locale is offered where forms can be previewed, as the browser offers it (src/app/i18n.ts).
  const pseudo = settingIsOn(settings, PSEUDO_LANGUAGE_SETTING);

  return async function handlePage(request: FastifyRequest, reply: FastifyReply, negotiated: string) {
    const entry = await portal.entry();
    if (!entry) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(translate(negotiated, 'api:errors.portalNotBuilt'));
    }
    const cookiesOut: string[] = [];
    const { cookies } = request;
    const [pathname, search = ''] = request.url.split('?');
    const offered = pseudo ? [...availableLanguages(), PSEUDO_LANGUAGE] : availableLanguages();
    const requested = pageLanguage(negotiated, { search, cookies }, LANGUAGE_COOKIE, offered);
    // A link that chooses the language (?lng=) is remembered by the server too, so the next page keeps it even
    // when the visitor moves on before this page's scripts have run.
    const chosen = Boolean(linkedLanguage(search, offered));
    if (chosen) cookiesOut.push(languageCookie(requested));
    // The token is bound to the session the request comes with (see csrf.ts).
    let csrf = await csrfTokenFor(app, request, secret);
    if (csrf.setCookie) cookiesOut.push(csrf.setCookie);

    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    let fetchRequest = new Request(`${origin}${request.url}`, {
      method: request.method === 'HEAD' ? 'GET' : request.method,
      headers: { accept: 'text/html', 'accept-language': requested },
    });
    const api = inProcessFetch(app, request, cookiesOut);
    // What the page's route takes (a posted form) and needs (the router context's e-mail).
    const policy = await entry.postPolicy(pathname);
    const session = await pageSession(cookies, api, cookiesOut);
    let status403 = false;
    if (request.method === 'POST') {
      // A page that needs a session is not read for a visitor without one: its guard sends them to sign in.
      const read =
        policy && policy.acts && (session.loggedIn || !policy.signedIn)
          ? await readPostedBody(request, {
              policy,
              uploadLimit: Math.max(options.uploadLimit, options.bodyLimit),
              tokenField: CSRF_FIELD,
              tokenAccepted: (token) => csrfAccepted(secret, csrf, request.headers.cookie, token),
            })
          : undefined;
      if (read?.refusal && read.refusal.status !== 403) {
        request.log.info({ event: 'form-refused', reason: read.refusal.key }, 'posted form refused');
        // Said in words, not as the API's JSON (a form without scripts shows what comes back).
        return reply
          .code(read.refusal.status)
          .header('cache-control', 'no-store')
          .header('connection', 'close')
          .type('text/plain; charset=utf-8')
          .send(translate(requested, read.refusal.key));
      }
      if (read?.fields) {
        fetchRequest = new Request(fetchRequest.url, {
          method: 'POST',
          headers: fetchRequest.headers,
          body: read.fields,
        });
      } else if (read?.refusal || (policy?.acts && !session.loggedIn)) {
        // A form without the visitor's token (another site's, or one kept from before the cookie was cleared), or
        // posted to a page that needs a session by a visitor without one, is not acted on: the page is shown again
        // as a GET would show it (its guard sends a visitor without a session to sign in).
        if (read?.refusal) {
          request.log.info({ event: 'form-refused', reason: 'csrf' }, 'posted form refused');
          status403 = true;
        }
        fetchRequest = new Request(fetchRequest.url, { method: 'GET', headers: fetchRequest.headers });
      }
      // Posted to an address where nothing acts on a form: the route answers 405, its body unread.
    }

    // Signed in, a language this browser chose (the link now, or its cookie) comes before the profile's, which only a
    // post changes (see signedInLanguage).
    const browserChose = chosen || offered.includes(cookies[LANGUAGE_COOKIE] ?? '');
    const { language, profileLanguage, email, profile } = await signedInLanguage(
      api,
      session,
      requested,
      browserChose,
      availableLanguages(),
    );
    const cacheable =
      fetchRequest.method === 'GET' &&
      !session.loggedIn &&
      cookies[AUTH_TOKEN_COOKIE] === undefined &&
      cookies[REFRESH_TOKEN_COOKIE] === undefined &&
      new URLSearchParams(search).toString().replace(/(^|&)lng=[^&]*/, '') === '' &&
      entry.prerenderPaths().includes(pathname);
    const scope: RequestScope = {
      ...session,
      // A page kept for everyone holds nobody's context; else the application this browser works on, and the e-mail
      // a form posted without scripts handed on, or, on a page that needs it (change password), the profile's.
      routerContext: cacheable ? {} : routerContextOf(cookies, policy?.needsEmail ? email : undefined),
      flash: parseFlash(cookies[FLASH_COOKIE]),
      language,
      profileLanguage,
      // Read once: a page that shows the profile is rendered with it (unless a form posted now changes it).
      ...(profile && fetchRequest.method === 'GET' ? { profile } : {}),
      fetch: api,
      // The token goes into the page as it is sent: a sign-in or sign-out while rendering renews it.
      csrfToken: TOKEN_PLACEHOLDER,
      responseCookies: cookiesOut,
    };

    let page: RenderedPage | undefined;
    let status = 200;
    if (cacheable) {
      if (sharedVersion !== portal.version()) {
        shared.clear();
        sharedVersion = portal.version();
      }
      const key = `${pathname}|${language}`;
      let kept = shared.get(key);
      if (!kept) {
        kept = entry.renderRequest({ request: fetchRequest, scope, settings }).then(
          (outcome) => (outcome.kind === 'page' && outcome.status === 200 ? outcome.page : undefined),
          (error: unknown) => {
            shared.delete(key);
            throw error;
          },
        );
        shared.set(key, kept);
      }
      page = await kept;
      if (!page) shared.delete(key);
    }
    if (!page) {
      const outcome = await entry.renderRequest({ request: fetchRequest, scope, settings });
      // A sign-in or sign-out (the sign-in page's forms) changes the session: the answer carries a token for the new one.
      const renewed = await csrfRenewed(secret, csrf, cookiesOut);
      if (renewed?.setCookie) cookiesOut.push(renewed.setCookie);
      csrf = renewed ?? csrf;
      if (outcome.kind === 'file') {
        if (cookiesOut.length > 0) reply.header('set-cookie', cookiesOut);
        return reply
          .code(200)
          .header('cache-control', 'no-store')
          .header('content-disposition', attachment(outcome.fileName))
          .type(outcome.contentType)
          .send(Buffer.from(outcome.data));
      }
      if (outcome.kind === 'redirect') {
        if (cookiesOut.length > 0) reply.header('set-cookie', cookiesOut);
        return reply
          .code(outcome.status)
          .header('cache-control', 'no-store')
          .redirect(headerSafe(outcome.location), outcome.status);
      }
      page = outcome.page;
      status = outcome.status;
      // A page whose loaders left out some of what it shows is rendered again with it: slower, and a defect to mend.
      if (page.renders > 1)
        request.log.warn({ event: 'page-rendered-again', renders: page.renders }, 'page rendered again');
      // A message left for the next page is shown once, by the page rendered now.
      if (cookies[FLASH_COOKIE] !== undefined) cookiesOut.push(flashCookie(undefined));
    }

    const html = portal.compose(pathname, page)?.replaceAll(TOKEN_PLACEHOLDER, csrf.token);
    if (html === undefined) {
      return reply.code(503).type('text/plain; charset=utf-8').send(translate(negotiated, 'api:errors.portalNotBuilt'));
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (cookiesOut.length > 0) reply.header('set-cookie', cookiesOut);
    reply
      .code(status403 ? 403 : status)
      // A signed-in visitor's page holds personal data, and a staff page staff accounts: never stored. Any other
      // holds the visitor's own form token: kept by the browser only, never by a shared cache, and checked again
      // before reuse.
      .header('cache-control', session.loggedIn || isStaffPath(pathname) ? 'no-store' : 'private, no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      // How many times the page was rendered (once, when its loaders fetched what it shows): seen in the browser's
      // developer tools, and checked for every page by the journeys.
      .header('server-timing', renderTiming(page.renders))
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(compress(html, encoding));
  };
}
