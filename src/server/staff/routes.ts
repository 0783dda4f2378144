import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  STAFF_ERRORS,
  STAFF_PATHS,
  STAFF_ROLES_THAT,
  STAFF_SESSION_COOKIE,
  type StaffAccountAdded,
  type StaffAccountRequest,
  type StaffAccountSummary,
  type StaffAuditEntry,
  type StaffSession,
  type StaffSignInRequest,
  type StaffVersions,
} from '../../shared/contract';
import { removeCookie, setCookie } from '../../shared/set-cookie';
import { ApiError } from '../errors';
import { languageOf, translate } from '../i18n';
import {
  addStaff,
  disableStaff,
  memberOf,
  setRoles,
  staffEmail,
  StaffError,
  type StaffMember,
  type StaffRefusal,
} from './accounts';
import type { Actor } from './audit';
import { readAudit } from './audit';
import { FAILURE_WINDOW_MINUTES, signInStaff, signOutStaff } from './sessions';
import { staffOnly } from './staff-only';
import { draftRoutes } from './draft-routes';
import { textRoutes } from './text-routes';

const signInBody = {
  type: 'object',
  required: ['email', 'password', 'code'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 256 },
    code: { type: 'string', minLength: 1, maxLength: 16 },
  },
} as const;

const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    subject: { type: 'string', maxLength: 254 },
  },
} as const;

const accountBody = {
  type: 'object',
  required: ['email', 'roles'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    roles: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
    languages: { type: 'array', maxItems: 20, items: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$' } },
  },
} as const;

const emailBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
} as const;

/** The answer of the form a refusal concerns, for the staff pages to show it beside that answer. */
const REFUSED_FIELD: Record<StaffRefusal, string | undefined> = {
  'unknown-role': 'roles',
  'no-role': 'roles',
  'translator-languages': 'languages',
  'not-an-email': 'email',
  'already-exists': 'email',
  'no-account': undefined,
  'already-disabled': undefined,
  'own-account': undefined,
};

/** A refused change of staff accounts, as the API answers it: 400 in the caller's language, at the answer at fault. */
function refused(error: StaffError, lang: string): ApiError {
  const key = `api:staff.refusals.${error.reason}`;
  const field = REFUSED_FIELD[error.reason];
  return new ApiError(400, STAFF_ERRORS.changeRefused, key, {
    ...(field ? { fields: [{ field, key, message: translate(lang, key) }] } : {}),
  });
}

const summaryOf = (member: StaffMember): StaffAccountSummary => ({
  email: member.email,
  roles: member.roles,
  languages: member.languages,
  createdAt: member.createdAt,
  disabled: member.disabled,
});

const sessionOf = (member: StaffMember): StaffSession => ({
  email: member.email,
  roles: member.roles,
  languages: member.languages,
});

/** The staff session's cookie: for the browser's session only, the server ends the session itself. */
const sessionCookie = (key: string) => setCookie(STAFF_SESSION_COOKIE, key, { httpOnly: true, sameSite: 'Strict' });

/**
 * The staff's calls (`/api/staff`, src/shared/contract/staff.ts): sign-in and sign-out, the session's member, the
 * audit trail (administrators) and the configuration's versions and drafts. The rules (codes taken once, the lock
 * after refused sign-ins, the sessions' limits) are src/server/staff/sessions.ts's.
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const { staff, configuration } = app.repositories;
  await app.register(textRoutes);
  await app.register(draftRoutes);

  app.post<{ Body: StaffSignInRequest }>(
    STAFF_PATHS.session,
    { schema: { body: signInBody } },
    async (request, reply): Promise<StaffSession> => {
      const outcome = await signInStaff(staff, request.body, new Date());
      if (!outcome.signedIn && outcome.reason === 'too-many') {
        reply.header('retry-after', String(FAILURE_WINDOW_MINUTES * 60));
        throw new ApiError(429, STAFF_ERRORS.signInLocked, 'api:staff.signInLocked', {
          vars: { minutes: FAILURE_WINDOW_MINUTES },
        });
      }
      if (!outcome.signedIn) throw new ApiError(401, STAFF_ERRORS.signInRefused, 'api:staff.signInRefused');
      reply.header('set-cookie', sessionCookie(outcome.sessionKey));
      return sessionOf(outcome.member);
    },
  );

  app.get(STAFF_PATHS.session, { onRequest: staffOnly() }, async (request): Promise<StaffSession> =>
    sessionOf(request.staffMember!),
  );

  app.delete(STAFF_PATHS.session, async (request, reply) => {
    const key = request.cookies[STAFF_SESSION_COOKIE];
    if (key) await signOutStaff(staff, key, new Date());
    reply.header('set-cookie', removeCookie(STAFF_SESSION_COOKIE));
    return { signedOut: true };
  });

  app.get<{ Querystring: { limit: number; subject?: string } }>(
    STAFF_PATHS.audit,
    { schema: { querystring: auditQuery }, onRequest: staffOnly(STAFF_ROLES_THAT.manageStaff) },
    async (request): Promise<StaffAuditEntry[]> => readAudit(staff, request.query),
  );

  /** Runs a change of staff accounts by an administrator, recorded as theirs; a refusal answered in their language. */
  const change = async <T>(request: FastifyRequest, run: (actor: Actor) => Promise<T>): Promise<T> => {
    const member = request.staffMember!;
    try {
      return await run({ staffId: member.id, name: member.email });
    } catch (error) {
      if (error instanceof StaffError) throw refused(error, languageOf(request));
      throw error;
    }
  };
  /** An administrator never disables their own account nor takes away their own administrator role. */
  const notOwn = (request: FastifyRequest, email: string, roles?: readonly string[]) => {
    const own = request.staffMember!.email === staffEmail(email);
    if (own && (roles === undefined || !roles.includes('administrator'))) {
      throw new StaffError('An administrator keeps their own account and role.', 'own-account');
    }
  };
  const administrators = staffOnly(STAFF_ROLES_THAT.manageStaff);

  app.get(STAFF_PATHS.accounts, { onRequest: administrators }, async (): Promise<StaffAccountSummary[]> =>
    (await staff.accounts()).map((row) => summaryOf(memberOf(row))),
  );

  app.post<{ Body: StaffAccountRequest }>(
    STAFF_PATHS.accounts,
    { schema: { body: accountBody }, onRequest: administrators },
    async (request, reply): Promise<StaffAccountAdded> => {
      const made = await change(request, (actor) => addStaff(staff, request.body, actor, new Date()));
      reply.code(201);
      return {
        member: summaryOf(made.member),
        password: made.password,
        totpSecret: made.totpSecret,
        totpAddress: made.totpAddress,
      };
    },
  );

  app.put<{ Body: StaffAccountRequest }>(
    STAFF_PATHS.accountRoles,
    { schema: { body: accountBody }, onRequest: administrators },
    async (request): Promise<StaffAccountSummary> =>
      summaryOf(
        await change(request, async (actor) => {
          notOwn(request, request.body.email, request.body.roles);
          return setRoles(staff, request.body.email, request.body, actor, new Date());
        }),
      ),
  );

  app.post<{ Body: { email: string } }>(
    STAFF_PATHS.accountDisable,
    { schema: { body: emailBody }, onRequest: administrators },
    async (request): Promise<{ disabled: true }> => {
      await change(request, async (actor) => {
        notOwn(request, request.body.email);
        await disableStaff(staff, request.body.email, actor, new Date());
      });
      return { disabled: true };
    },
  );

  app.get(
    STAFF_PATHS.versions,
    { onRequest: staffOnly(STAFF_ROLES_THAT.readConfiguration) },
    async (): Promise<StaffVersions> => {
      const [versions, drafts] = await Promise.all([configuration.versions(), configuration.openDrafts()]);
      const live = versions[0]?.number;
      return {
        versions: versions.map((v) => ({
          number: v.number,
          publishedAt: v.published_at,
          publishedBy: v.published_by,
          note: v.note,
          restores: v.restores,
          live: v.number === live,
        })),
        drafts: drafts.map((d) => ({
          id: d.id,
          baseVersion: d.base_version,
          createdAt: d.created_at,
          createdBy: d.created_by,
          note: d.note,
        })),
      };
    },
  );
};
