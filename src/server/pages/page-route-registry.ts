import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageRoutePatterns } from '../system/page-routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a route as a page of the portal (see isPageRoute). */
    portalPage?: boolean;
  }
}

/**
 * Whether a route registered with fastify is one of the portal's pages: the methods a page does not take are
 * answered as an unknown address, as before pages had routes, not with a 405 naming the page's methods.
 */
export function isPageRoute(route: { config?: FastifyContextConfig }): boolean {
  return route.config?.portalPage === true;
}

export interface PageRoutesOptions {
  /** The forms and route manifest the portal was built from (SCHEMAS_DIR). */
  schemasDir: string;
  /** Whether a request for a page's address asks for the page (a browser's), rather than a file or data. */
  asksForPage: (request: FastifyRequest) => boolean;
  /** Answers with the page (a GET or HEAD), or the outcome of the form posted to it (a POST). */
  serve: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * Registers each page of the route manifest as a route of its own (GET, HEAD and POST: a page, or a form posted to
 * it), so that the page's route pattern (`/applications/application/:formPage`) names its requests in the metrics,
 * the traces and the database's figures, as the API's routes do. A request the router does not match (another letter
 * case, an unknown address) still reaches the not-found handler, which serves the page or the portal's 404 page. A
 * request of a page's address that does not ask for a page (`Accept: application/json`, a file name) is answered as
 * an unknown address, as before.
 *
 * A form posted to a page is read as it arrives by the page's own reader (posted-body.ts), within what the page's
 * form can hold: none of the API's body parsers reads it first, and no content type is refused before the reader
 * says why.
 */
export async function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<void> {
  const patterns = pageRoutePatterns(options.schemasDir);
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      options.asksForPage(request) ? options.serve(request, reply) : reply.callNotFound();
    for (const url of patterns) {
      pages.route({ method: ['GET', 'POST'], url, config: { portalPage: true }, handler });
    }
  });
}
