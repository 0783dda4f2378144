/**
 * What the portal's code reads of "the visitor" while the server renders a page for one request: the session's
 * tokens, the router context, the language, and the way to reach the API. In the browser there is no scope: the
 * same code reads cookies, local storage and `fetch` instead. The server's entry (src/app/server-entry.tsx) installs
 * the resolver, which answers the scope of the request being handled (AsyncLocalStorage), so pages, hooks and the
 * request helper run unchanged on both sides.
 */
import type { RequestScope, ResponseFile } from '@/shared/request-scope';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

export type { RequestScope, ResponseFile };

let resolve: () => RequestScope | undefined = () => undefined;

/** Installs how the scope of the request being handled is found (the server's entry does, once). */
export function setRequestScopeResolver(resolver: () => RequestScope | undefined): void {
  resolve = resolver;
}

/** The scope of the request the server is rendering, or undefined in the browser. */
export function requestScope(): RequestScope | undefined {
  return resolve();
}

/** The language of the request being rendered on the server (for an action's messages). */
export function scopeLanguage(): string {
  return requestScope()?.language ?? FALLBACK_LANGUAGE;
}

/** Sends a cookie with the answer to the request being handled on the server (an action's sign-in, say). */
export function setResponseCookie(header: string): void {
  requestScope()?.responseCookies.push(header);
}

/**
 * Answers the form being handled on the server with a file (a download) instead of a page; the action then returns
 * null. Does nothing in the browser.
 */
export function answerWithFile(file: ResponseFile): void {
  const scope = requestScope();
  if (scope) scope.responseFile = file;
}
