import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, REQUEST_ERROR_CODES } from '../../shared/contract';
import { errorBody } from '../errors';
import { languageOf, negotiateLanguage } from '../i18n';
import { securityHeaders } from '../security-headers';

/**
 * fastify's `frameworkErrors`: a path parameter over the router's length limit (414) or a URL that cannot be decoded
 * (400) is answered in the error shape, translated, without repeating the URL.
 */
export function frameworkErrorHandler(apiUrl: string) {
  const headers = Object.entries(securityHeaders(apiUrl));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(request);
    for (const [name, value] of headers) reply.header(name, value);
    reply.header('cache-control', 'no-store');
    request.log.info({ code: error.code }, 'request refused before routing');
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return reply.code(414).send(errorBody(lang, REQUEST_ERROR_CODES.uriTooLong, 'api:errors.uriTooLong'));
    }
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.code(400).send(errorBody(lang, ERROR_CODES.badRequest, 'api:errors.badRequest'));
    }
    return reply.code(500).send(errorBody(lang, ERROR_CODES.internal, 'api:errors.internal'));
  };
}

/** The Accept-Language of a request whose head could not be parsed, read from the raw bytes Node kept. */
function rawAcceptLanguage(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const head = rawPacket.subarray(0, 16_384).toString('latin1');
  return /\r?\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1];
}

/** The whole HTTP answer written on a socket whose request Node could not parse. */
export function clientErrorResponse(error: NodeJS.ErrnoException & { rawPacket?: unknown }, apiUrl = ''): string {
  const lang = negotiateLanguage(rawAcceptLanguage(error.rawPacket));
  const [status, code, key] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, REQUEST_ERROR_CODES.requestTimeout, 'api:errors.requestTimeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, REQUEST_ERROR_CODES.headersTooLarge, 'api:errors.headersTooLarge']
        : [400, ERROR_CODES.badRequest, 'api:errors.badRequest'];
  const body = JSON.stringify(errorBody(lang, code, key));
  const headers = {
    ...securityHeaders(apiUrl),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * fastify's `clientErrorHandler`: a request Node cannot parse (a Content-Length that does not match the body, a
 * malformed head, headers over the limit, a timeout) is answered in the error shape instead of Node's raw
 * "Client Error", then the connection is closed.
 */
export function clientErrorHandler(apiUrl: string) {
  return function onClientError(
    this: { log: { debug(obj: object, msg: string): void } },
    error: NodeJS.ErrnoException,
    socket: Socket,
  ) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.debug({ code: error.code }, 'client error');
    if (socket.writable) socket.write(clientErrorResponse(error, apiUrl));
    socket.destroy();
  };
}
