import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, submissionBodySchema } from '../../shared/contract';
import { bearerToken } from '../accounts/public';
import { languageOf } from '../i18n';
import { loadRouteSchemas, type RouteSchemaTypes } from '../openapi/public';
import { submissionsDeps, submitPublicForm } from './service';

/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/** Public forms (manifest routes that name a form and no page): anyone may send one; see the service's rules. */
export const submissionRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const deps = submissionsDeps(app);

  app.post(
    `${API_PATHS.forms}/:formId/submissions`,
    { schema: schemaOf('sendFormSubmission', { body: submissionBodySchema }) },
    async (request, reply) => {
      const receipt = await submitPublicForm(deps, request.params.formId, request.body.answers, {
        ip: request.ip,
        lang: languageOf(request),
        accessToken: bearerToken(request) ?? null,
        log: request.log,
      });
      return reply.code(201).send(receipt);
    },
  );
};
