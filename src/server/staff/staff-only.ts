import type { FastifyRequest } from 'fastify';
import { STAFF_ERRORS, STAFF_SESSION_COOKIE, staffMay } from '../../shared/contract';
import { ApiError } from '../errors';
import type { StaffMember } from './accounts';
import type { StaffRole } from './roles';
import { staffOfSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of staff of the request's staff session, set by `staffOnly`. */
    staffMember?: StaffMember;
  }
}

/**
 * Hook of every staff call but sign-in: a staff session that has not ended (each use moves its idle limit on), and,
 * when `roles` are named, one of them; else 401 STAFF_SESSION_REQUIRED or 403 STAFF_ROLE_REQUIRED.
 */
export function staffOnly(roles?: readonly StaffRole[]) {
  return async (request: FastifyRequest) => {
    const key = request.cookies[STAFF_SESSION_COOKIE];
    const member = key ? await staffOfSession(request.server.repositories.staff, key, new Date()) : undefined;
    if (!member) throw new ApiError(401, STAFF_ERRORS.sessionRequired, 'api:staff.sessionRequired');
    if (roles && !staffMay(member.roles, roles)) {
      throw new ApiError(403, STAFF_ERRORS.roleRequired, 'api:staff.roleRequired');
    }
    request.staffMember = member;
  };
}
