import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { answersBodySchema, declarationsBodySchema } from '../../shared/contract';
import { authenticate } from '../accounts/public';
import { languageOf } from '../i18n';
import { loadRouteSchemas, type RouteSchemaTypes } from '../openapi/public';
import { applicationFormId, createAnswersService, declarationsFormId } from './answers-service';
import { loadApplicationsConfig } from './config';
import { createFormCheckers } from './form-answers';
import { createPassportCheckThrottle } from './passport-checks';
import { createApplicationsService, type Caller } from './service';
import { loadJourney, stepOfForm, type Step } from '../lifecycle/public';
import { API_PATHS } from '../../shared/contract';

export const APPLICATIONS_PREFIX = API_PATHS.applications;
const APPLICANT_FORM_ID = 'applicant';

/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

const callerOf = (request: FastifyRequest): Caller => ({
  profileId: request.profileId,
  lang: languageOf(request),
  log: request.log,
});

/**
 * The application flow: applications, their applicants (eligibility checked at once), the answers of each form
 * step per applicant, and the step each applicant has reached. Every call needs a signed-in user and only ever
 * sees that user's applications: another account's identifiers answer 404.
 */
export const applicationRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const { db, config } = app;
  const { eligiblePassportCountries: eligibleCountries } = loadApplicationsConfig();
  // The journey and its forms come from the route manifest of the schemas the server validates with.
  const journey = loadJourney(config.schemasDir);
  const stepForms = journey.flatMap((s) => (s.form ? [s.form] : []));
  const formStep = (formId: string): Step => {
    const step = stepOfForm(formId)?.step;
    if (!step) throw new Error(`schemas/routes.manifest.json names no step with "form": "${formId}"`);
    return step;
  };
  const applicationFormStep = formStep(applicationFormId());
  const declarationsStep = formStep(declarationsFormId());
  const checkers = createFormCheckers(
    [...new Set([APPLICANT_FORM_ID, applicationFormId(), declarationsFormId(), ...stepForms])],
    config.schemasDir,
  );
  const applications = createApplicationsService({
    db,
    storage: app.objects,
    maxApplicants: config.maxApplicants,
    eligibleCountries,
    applicantForm: checkers[APPLICANT_FORM_ID],
    lifecycle: app.lifecycle,
  });
  const answers = createAnswersService({ db, checkers, eligibleCountries, lifecycle: app.lifecycle });
  const passportChecks = createPassportCheckThrottle(db, config.passportCheckLimits);

  // Every call of this plugin needs a signed-in user (hooks are scoped to the plugin).
  app.addHook('onRequest', authenticate);

  // ------------------------------------------------------------------ applications

  app.post(APPLICATIONS_PREFIX, { schema: schemaOf('createApplication') }, async (request, reply) => {
    const created = await applications.create(callerOf(request), request.body);
    reply.code(201);
    return created;
  });

  app.get(APPLICATIONS_PREFIX, { schema: schemaOf('listApplications') }, async (request) =>
    applications.list(callerOf(request)),
  );

  app.get(`${APPLICATIONS_PREFIX}/:guid`, { schema: schemaOf('getApplication') }, async (request) =>
    applications.get(callerOf(request), request.params.guid),
  );

  app.delete(`${APPLICATIONS_PREFIX}/:guid`, { schema: schemaOf('deleteApplication') }, async (request) =>
    applications.remove(callerOf(request), request.params.guid),
  );

  app.post(`${APPLICATIONS_PREFIX}/:guid/step/resume`, { schema: schemaOf('resumeApplication') }, async (request) =>
    answers.resume(callerOf(request), request.params.guid),
  );

  // ------------------------------------------------------------------ applicants

  app.get(`${APPLICATIONS_PREFIX}/:guid/applicants`, { schema: schemaOf('listApplicants') }, async (request) =>
    applications.listApplicants(callerOf(request), request.params.guid),
  );

  app.post(`${APPLICATIONS_PREFIX}/:guid/applicants`, { schema: schemaOf('addApplicant') }, async (request, reply) => {
    await passportChecks.count({ profileId: request.profileId, ip: request.ip }, request.body);
    const created = await applications.addApplicant(callerOf(request), request.params.guid, request.body);
    reply.code(201);
    return created;
  });

  app.put(
    `${APPLICATIONS_PREFIX}/:guid/applicants/:applicantGuid`,
    { schema: schemaOf('updateApplicant') },
    async (request) => {
      const { guid, applicantGuid } = request.params;
      await passportChecks.count({ profileId: request.profileId, ip: request.ip }, request.body, applicantGuid);
      return applications.updateApplicant(callerOf(request), guid, applicantGuid, request.body);
    },
  );

  app.delete(
    `${APPLICATIONS_PREFIX}/:guid/applicants/:applicantGuid`,
    { schema: schemaOf('removeApplicant') },
    async (request) =>
      applications.removeApplicant(callerOf(request), request.params.guid, request.params.applicantGuid),
  );

  // ------------------------------------------------------------------ answers

  app.get(`${API_PATHS.applicationDetails}/:guid`, { schema: schemaOf('getApplicationDetails') }, async (request) =>
    answers.applicationDetails(callerOf(request), request.params.guid, request.query.applicantIdentifier),
  );

  app.put(
    `${API_PATHS.applicationDetails}/:guid`,
    { schema: schemaOf('saveApplicationForm', { body: answersBodySchema }) },
    async (request) =>
      answers.save(callerOf(request), request.params.guid, request.body, applicationFormId(), applicationFormStep),
  );

  app.get(`${APPLICATIONS_PREFIX}/:guid/answers/:formId`, { schema: schemaOf('getStepAnswers') }, async (request) =>
    answers.stepAnswers(
      callerOf(request),
      request.params.guid,
      request.params.formId,
      String(request.query.applicantIdentifier ?? ''),
    ),
  );

  app.put(
    `${APPLICATIONS_PREFIX}/:guid/answers/:formId`,
    { schema: schemaOf('saveStepAnswers', { body: answersBodySchema }) },
    async (request) => {
      const step = answers.formStepOf(request.params.formId);
      return answers.save(callerOf(request), request.params.guid, request.body, request.params.formId, step);
    },
  );

  app.put(
    API_PATHS.declarations,
    { schema: schemaOf('saveDeclarations', { body: declarationsBodySchema }) },
    async (request) =>
      answers.save(
        callerOf(request),
        request.body.applicationIdentifier,
        request.body,
        declarationsFormId(),
        declarationsStep,
      ),
  );
};
