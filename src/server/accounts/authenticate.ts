import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared/contract';
import { ApiError } from '../errors';
import { verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in profile, set by `authenticate`. */
    profileId: string;
    /** The session family of the access token, set by `authenticate`. */
    sessionId: string;
    /** The signed-in profile's saved language, set by `authenticate`: messages use it rather than Accept-Language. */
    profileLanguage?: string;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Hook for every call that needs a signed-in user (as `onRequest`, so that nobody learns anything about a
 * body before signing in; it works as a `preHandler` too): a valid access token whose session family has not
 * been revoked (logout, password change or reset, refresh-token reuse). Sets `request.profileId`,
 * `request.sessionId` and `request.profileLanguage`; otherwise answers 401 UNAUTHORIZED.
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const claims = token
    ? await verifyAccessToken(request.server.repositories.sessions, request.server.config, token, new Date())
    : undefined;
  if (!claims) {
    reply.header('www-authenticate', 'Bearer');
    throw new ApiError(401, ERROR_CODES.unauthorized, 'api:accounts.unauthorized');
  }
  request.profileId = claims.profileId;
  request.sessionId = claims.sessionId;
  request.profileLanguage = claims.language;
}
