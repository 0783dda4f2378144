import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../shared/contract';
import { ApiError } from '../errors';

/** Deepest nesting of objects and arrays a JSON body may have (the deepest form needs fewer than 10 levels). */
export const MAX_JSON_DEPTH = 32;
/** Most structural tokens (`{`, `[`, `,`, `:`) a JSON body may hold: a bound on its members, whatever its size in bytes. */
export const MAX_JSON_TOKENS = 20_000;

export interface JsonShape {
  /** Deepest nesting of objects and arrays reached (0 for a scalar). */
  depth: number;
  /** Structural tokens outside strings. */
  tokens: number;
}

/**
 * Measures a JSON text in one pass without parsing it, stopping as soon as a bound is passed: strings (with their
 * escapes) are skipped, brackets counted. The text need not be valid JSON; the parser judges that afterwards.
 */
export function measureJson(
  text: string,
  bounds = { depth: MAX_JSON_DEPTH, tokens: MAX_JSON_TOKENS },
): JsonShape & { within: boolean } {
  let depth = 0;
  let deepest = 0;
  let tokens = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
      continue;
    }
    switch (char) {
      case 0x22:
        inString = true;
        break;
      case 0x7b: // {
      case 0x5b: // [
        depth++;
        tokens++;
        if (depth > deepest) deepest = depth;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        depth--;
        break;
      case 0x2c: // ,
      case 0x3a: // :
        tokens++;
        break;
      default:
        break;
    }
    if (deepest > bounds.depth || tokens > bounds.tokens) return { depth: deepest, tokens, within: false };
  }
  return { depth: deepest, tokens, within: true };
}

/** The 400 answered for a body nested too deeply or holding too many members. */
export function bodyTooComplex(): ApiError {
  return new ApiError(400, ERROR_CODES.badRequest, 'api:errors.bodyTooComplex');
}

/**
 * Replaces fastify's JSON parser with one that measures the text before parsing it, so no body nested thousands of
 * levels deep (or with hundreds of thousands of members) reaches a route, a hook or a validator that walks it
 * recursively: such a body is answered 400 in the error shape. Prototype-poisoning protection stays as fastify's.
 * Registered once for the whole app, so every JSON body of every route is bounded.
 */
export function registerBoundedJsonParser(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!measureJson(text).within) {
      done(bodyTooComplex(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
