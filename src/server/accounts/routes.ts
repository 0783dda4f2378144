import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../shared/contract';
import { languageOf, translate } from '../i18n';
import { loadRouteSchemas, type RouteSchemaTypes } from '../openapi/public';
import { mailTo, type MailRecipient, type MailTemplate } from '../mail/public';
import { authenticate, bearerToken } from './authenticate';
import { emailRequest, verify } from './confirmation';
import type { AccountCaller, AccountsDeps } from './deps';
import { knownDeviceOf, rememberDevice } from './known-device';
import { changePassword } from './password-change';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ownProfile, setLanguage } from './profile';
import { register } from './registration';
import { login, logout, refresh, type SignInCaller } from './sign-in';
import { throttleRules } from './throttle';

export const PROFILE_PREFIX = API_PATHS.profile;

/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/** The /api/eta/profile calls: registration, e-mail confirmation, sign-in, tokens, password reset and change, profile. */
export const accountRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const { config, repositories } = app;
  /** The caller of a request; work after the answer is awaited when the server closes, failures are logged. */
  const callerOf = (request: FastifyRequest): AccountCaller => ({
    ip: request.ip,
    lang: languageOf(request),
    profileId: request.profileId,
    sessionId: request.sessionId,
    deviceOf: (profileId) => knownDeviceOf(request, config.jwtSecret, profileId),
    afterAnswer: (what, task) => app.afterAnswer.run(request.log, what, task),
  });

  const mail = (recipient: MailRecipient, template: MailTemplate) => mailTo(app, recipient, template);

  const deps: AccountsDeps = {
    repositories,
    config,
    rules: throttleRules(config.clientLimits),
    mail,
  };

  const signInCaller = (request: FastifyRequest, reply: FastifyReply): SignInCaller => ({
    ip: request.ip,
    deviceOf: (profileId) => knownDeviceOf(request, config.jwtSecret, profileId),
    rememberDevice: (profileId, device) =>
      rememberDevice(
        reply,
        config.jwtSecret,
        profileId,
        device,
        request.protocol === 'https' || config.publicUrl.startsWith('https:'),
      ),
    log: request.log,
  });

  app.post(`${PROFILE_PREFIX}/register`, { schema: schemaOf('register') }, async (request, reply) => {
    const answer = await register(deps, callerOf(request), request.body);
    reply.code(201);
    return answer;
  });

  app.post(`${PROFILE_PREFIX}/verify`, { schema: schemaOf('verify') }, async (request) =>
    verify(deps, callerOf(request), request.body),
  );

  app.post(`${PROFILE_PREFIX}/verify-email-request`, { schema: schemaOf('verifyEmailRequest') }, async (request) =>
    emailRequest(deps, callerOf(request), request.body),
  );

  app.post(`${PROFILE_PREFIX}/request-password-reset`, { schema: schemaOf('requestPasswordReset') }, async (request) =>
    requestPasswordReset(deps, callerOf(request), request.body.email),
  );

  app.post(`${PROFILE_PREFIX}/login`, { schema: schemaOf('login') }, async (request, reply) =>
    login(deps, signInCaller(request, reply), request.body),
  );

  app.post(`${PROFILE_PREFIX}/refresh`, { schema: schemaOf('refresh') }, async (request) =>
    refresh(deps, { log: request.log }, request.body.refreshToken),
  );

  app.post(
    `${PROFILE_PREFIX}/logout`,
    {
      schema: schemaOf('logout'),
      // Signing out must work even for a client that sends no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await logout(deps, bearerToken(request), request.body?.refreshToken);
      return { message: translate(languageOf(request), 'api:accounts.loggedOut') };
    },
  );

  app.post(`${PROFILE_PREFIX}/reset-password`, { schema: schemaOf('resetPassword') }, async (request) =>
    resetPassword(deps, callerOf(request), request.body),
  );

  app.post(
    `${PROFILE_PREFIX}/change-password`,
    { schema: schemaOf('changePassword'), onRequest: authenticate },
    async (request) => changePassword(deps, callerOf(request), request.body),
  );

  app.get(PROFILE_PREFIX, { schema: schemaOf('getProfile'), onRequest: authenticate }, async (request) =>
    ownProfile(deps, callerOf(request)),
  );

  app.patch(PROFILE_PREFIX, { schema: schemaOf('updateProfile'), onRequest: authenticate }, async (request) =>
    setLanguage(deps, callerOf(request), request.body.language),
  );
};
