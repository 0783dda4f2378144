import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A `fetch` of the API that answers in the server's own process. */
export type InProcessFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Answers that carry no body, which a Fetch Response refuses to be given one. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Calls the API as the page's visitor, in this process (fastify's inject, no socket): with the visitor's cookies
 * and client address (so throttling and the known-device cookie work as for the browser's own calls), and hands the
 * cookies the API sets (`Set-Cookie`) to `cookiesOut`, for the page's answer.
 */
export function inProcessFetch(app: FastifyInstance, page: FastifyRequest, cookiesOut: string[]): InProcessFetch {
  return async (input, init) => {
    const request = new Request(new URL(input, 'http://in-process.invalid'), init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (page.headers.cookie) headers.cookie = page.headers.cookie;
    if (page.headers['user-agent']) headers['user-agent'] = page.headers['user-agent'];
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body ? { payload: body } : {}),
      remoteAddress: page.ip,
    });
    const setCookies = answer.headers['set-cookie'];
    if (setCookies) cookiesOut.push(...(Array.isArray(setCookies) ? setCookies : [setCookies]));
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'set-cookie') continue;
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
