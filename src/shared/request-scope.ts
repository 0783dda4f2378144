/**
 * The visitor of one page request, as the server renders the page for them: made from the request by
 * src/server/pages/, and passed to the routes and the page's components by the server's entry (see
 * src/api/request-scope.ts).
 */
import type { Profile } from './contract/accounts';
import type { Flash } from './flash-cookie';
import type { RouterContext } from './router-context-cookie';

/** A file a form posted without scripts is answered with (a document's PDF), instead of a page. */
export interface ResponseFile {
  data: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface RequestScope {
  /** The access token of the session, when the visitor has one (refreshed by the server when it had expired). */
  accessToken?: string;
  /** The refresh token of the session (signing out ends it on the server). */
  refreshToken?: string;
  /** Whether the visitor counts as signed in (an access or a refresh cookie). */
  loggedIn: boolean;
  /** When the access token and the session end, as the browser's cookies will say. */
  accessTokenExpiry?: Date;
  refreshTokenExpiry?: Date;
  /** The session this browser had ran out before this request: a guard sends the visitor to sign in, saying so. */
  sessionEnded?: boolean;
  /** The router context, as its cookie mirrors it. */
  routerContext: RouterContext;
  /** The message a form posted without scripts left for this page (see flash-cookie.ts). */
  flash?: Flash;
  /** The language the page is rendered in. */
  language: string;
  /** Signed in: the language the profile holds, as read (or saved) while the page was rendered. */
  profileLanguage?: string;
  /** Signed in: the profile as read for the page's language, before any form posted with the request ran. */
  profile?: Profile;
  /** Calls the API in the server's own process (no network), with the session's bearer token. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The token every form posted to the server carries (see src/server/pages/csrf.ts). */
  csrfToken: string;
  /** `Set-Cookie` headers the page's answer carries (a form's action signs in, or sets the router context). */
  responseCookies: string[];
  /** The file an action answers the form with (see `answerWithFile` in src/api/request-scope.ts). */
  responseFile?: ResponseFile;
}
