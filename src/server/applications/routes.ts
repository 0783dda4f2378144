import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldProblem } from '../../shared/validation/field-errors';
import { authenticate } from '../accounts/authenticate';
import { deletePhotoObjects, photoKeysOfApplicant, photoKeysOfApplication } from '../biometrics/photo-objects';
import type { PhotoType } from '../biometrics/tables';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { languageOf, translate } from '../i18n';
import { uuidv7 } from '../mail/uuidv7';
import { createStorage } from '../storage/storage';
import { fieldProblems } from '../validation/field-problems';
import { loadApplicationsConfig } from './config';
import { checkEligibility, normalisePassportNumber } from './eligibility';
import { createFormCheckers, topField, type FormChecker } from './form-answers';
import {
  assertStepReached,
  completeStep,
  firstStep,
  journeySteps,
  loadJourney,
  reopenStep,
  stepOfForm,
  stepStates,
  type Step,
  type StepState,
} from './steps';
import type { ApplicantsTable, ApplicationsTable, ApplyingFor } from './tables';

/** Stable codes of the application flow (contract 11), besides the eligibility codes. */
export const APPLICATION_ERRORS = {
  validationFailed: 'VALIDATION_FAILED',
  applicationNotFound: 'APPLICATION_NOT_FOUND',
  applicantNotFound: 'APPLICANT_NOT_FOUND',
  applicantLimitReached: 'APPLICANT_LIMIT_REACHED',
  accountHolderNotAllowed: 'ACCOUNT_HOLDER_NOT_ALLOWED',
  accountHolderRequired: 'ACCOUNT_HOLDER_REQUIRED',
  accountHolderAlreadyAdded: 'ACCOUNT_HOLDER_ALREADY_ADDED',
  applicationNotEditable: 'APPLICATION_NOT_EDITABLE',
  applicationNotDeletable: 'APPLICATION_NOT_DELETABLE',
  applicantNotEditable: 'APPLICANT_NOT_EDITABLE',
  formNotFound: 'FORM_NOT_FOUND',
} as const;

export const APPLICATIONS_PREFIX = '/api/eta/applications';
export const APPLICATION_FORM_ID = 'application-form';
export const DECLARATIONS_FORM_ID = 'declarations';
const APPLICANT_FORM_ID = 'applicant';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface CreateApplicationBody {
  applicationType: string;
  applyingFor: ApplyingFor;
}

interface ApplicantBody {
  isAccountHolder: boolean;
  relationship?: string;
  givenNames: string;
  familyName: string;
  dateOfBirth: string;
  nationality: string;
  passportIssuingCountry: string;
  passportNumber: string;
}

interface AnswersBody {
  applicantIdentifier: string;
  page?: string;
  draft?: boolean;
  answers: Record<string, unknown>;
}

interface DeclarationsBody extends AnswersBody {
  applicationIdentifier: string;
}

/** An applicant as the API answers it. */
export interface ApplicantView {
  applicantIdentifier: string;
  isAccountHolder: boolean;
  relationship: string | null;
  givenNames: string;
  familyName: string;
  dateOfBirth: string;
  nationality: string;
  passportIssuingCountry: string;
  passportNumber: string;
  status: string;
  /** The furthest step reached. */
  step: string;
  steps: { step: Step; state: StepState }[];
  /** Only in the answer to a change of passport details: the accepted photos it removed, to be taken again. */
  photosToRetake?: PhotoType[];
}

/** An application as the API answers it. */
export interface ApplicationView {
  applicationIdentifier: string;
  applicationType: string;
  applyingFor: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  applicants: ApplicantView[];
}

/** Saved answers of one form for one applicant. */
export interface FormAnswersView {
  answers: Record<string, unknown>;
  lastPage: string | null;
  complete: boolean;
}

function applicantView(row: ApplicantsTable): ApplicantView {
  return {
    applicantIdentifier: row.id,
    isAccountHolder: row.is_account_holder === 1,
    relationship: row.relationship,
    givenNames: row.given_names,
    familyName: row.family_name,
    dateOfBirth: row.date_of_birth,
    nationality: row.nationality,
    passportIssuingCountry: row.passport_country,
    passportNumber: row.passport_number,
    status: row.status,
    step: row.current_step,
    steps: stepStates(row.current_step),
  };
}

function applicationView(row: ApplicationsTable, applicants: ApplicantsTable[]): ApplicationView {
  return {
    applicationIdentifier: row.id,
    applicationType: row.application_type,
    applyingFor: row.applying_for,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    applicants: applicants.map(applicantView),
  };
}

const statusName = (lang: string, group: 'applicationStatus' | 'applicantStatus', status: string) =>
  translate(lang, `applications:enums.${group}.${status}`);

const answersBodyProperties = {
  applicantIdentifier: {
    type: 'string',
    pattern: '^[0-9a-fA-F-]{36}$',
    errorMessage: 'applications:validation.applicantIdentifierInvalid',
  },
  page: { type: 'string', minLength: 1, maxLength: 100, errorMessage: 'applications:validation.noSuchPage' },
  draft: { type: 'boolean', errorMessage: 'validation:generic.type' },
  answers: { type: 'object', errorMessage: 'validation:generic.type' },
};

const answersBodySchema = {
  type: 'object',
  properties: answersBodyProperties,
  required: ['applicantIdentifier', 'answers'],
  additionalProperties: false,
  errorMessage: {
    required: {
      applicantIdentifier: 'applications:validation.applicantIdentifierInvalid',
      answers: 'validation:generic.required',
    },
  },
};

const declarationsBodySchema = {
  type: 'object',
  properties: {
    applicationIdentifier: {
      type: 'string',
      pattern: '^[0-9a-fA-F-]{36}$',
      errorMessage: 'applications:validation.applicationIdentifierInvalid',
    },
    ...answersBodyProperties,
  },
  required: ['applicationIdentifier', 'applicantIdentifier', 'answers'],
  additionalProperties: false,
  errorMessage: {
    required: {
      applicationIdentifier: 'applications:validation.applicationIdentifierInvalid',
      applicantIdentifier: 'applications:validation.applicantIdentifierInvalid',
      answers: 'validation:generic.required',
    },
  },
};

/**
 * The application flow: applications, their applicants (eligibility checked at once), the application form and
 * declarations per applicant, and the step each applicant has reached. Every call needs a signed-in user and
 * only ever sees that user's applications: another account's identifiers answer 404.
 */
export const applicationRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const { eligiblePassportCountries } = loadApplicationsConfig();
  // The journey and its forms come from the route manifest of the schemas the server validates with.
  const journey = loadJourney(config.schemasDir);
  const stepForms = journey.flatMap((s) => (s.form ? [s.form] : []));
  const formStep = (formId: string): Step => {
    const step = stepOfForm(formId)?.step;
    if (!step) throw new Error(`schemas/routes.manifest.json names no step with "form": "${formId}"`);
    return step;
  };
  const applicationFormStep = formStep(APPLICATION_FORM_ID);
  const declarationsStep = formStep(DECLARATIONS_FORM_ID);
  const checkers = createFormCheckers(
    [...new Set([APPLICANT_FORM_ID, APPLICATION_FORM_ID, DECLARATIONS_FORM_ID, ...stepForms])],
    config.schemasDir,
  );
  const storage = createStorage(config);

  // Every call of this plugin needs a signed-in user (hooks are scoped to the plugin).
  app.addHook('onRequest', authenticate);

  const findApplication = async (executor: Kysely<Database>, request: FastifyRequest, guid: string) => {
    const row = UUID.test(guid)
      ? await executor
          .selectFrom('applications')
          .selectAll()
          .where('id', '=', guid)
          .where('profile_id', '=', request.profileId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new ApiError(404, APPLICATION_ERRORS.applicationNotFound, 'applications:api.applicationNotFound');
    return row;
  };

  const findApplicant = async (executor: Kysely<Database>, applicationId: string, guid: string) => {
    const row = UUID.test(guid)
      ? await executor
          .selectFrom('applicants')
          .selectAll()
          .where('id', '=', guid)
          .where('application_id', '=', applicationId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new ApiError(404, APPLICATION_ERRORS.applicantNotFound, 'applications:api.applicantNotFound');
    return row;
  };

  const applicantsOf = (executor: Kysely<Database>, applicationIds: string[]) =>
    applicationIds.length === 0
      ? Promise.resolve([] as ApplicantsTable[])
      : executor
          .selectFrom('applicants')
          .selectAll()
          .where('application_id', 'in', applicationIds)
          .orderBy('position')
          .execute();

  const assertEditable = (application: ApplicationsTable, lang: string) => {
    if (application.status !== 'IN_PROGRESS') {
      throw new ApiError(409, APPLICATION_ERRORS.applicationNotEditable, 'applications:api.applicationNotEditable', {
        vars: { status: statusName(lang, 'applicationStatus', application.status) },
      });
    }
  };

  const assertApplicantEditable = (applicant: ApplicantsTable) => {
    if (applicant.status !== 'NOT_SUBMITTED')
      throw new ApiError(409, APPLICATION_ERRORS.applicantNotEditable, 'applications:api.applicantNotEditable');
  };

  /**
   * Runs `work` in a transaction that first touches the caller's application row: concurrent changes to one
   * application (two applicants added at once against the limit) wait for each other on PostgreSQL, and SQLite
   * runs one transaction at a time anyway.
   */
  const withApplication = <T>(
    request: FastifyRequest,
    guid: string,
    work: (trx: Kysely<Database>, application: ApplicationsTable) => Promise<T>,
  ) =>
    db.transaction().execute(async (trx) => {
      const touched = UUID.test(guid)
        ? await trx
            .updateTable('applications')
            .set({ updated_at: new Date().toISOString() })
            .where('id', '=', guid)
            .where('profile_id', '=', request.profileId)
            .executeTakeFirst()
        : undefined;
      if (!touched || Number(touched.numUpdatedRows) === 0) {
        throw new ApiError(404, APPLICATION_ERRORS.applicationNotFound, 'applications:api.applicationNotFound');
      }
      return work(trx, await findApplication(trx, request, guid));
    });

  const view = async (executor: Kysely<Database>, application: ApplicationsTable) =>
    applicationView(application, await applicantsOf(executor, [application.id]));

  // ------------------------------------------------------------------ applications

  app.post<{ Body: CreateApplicationBody }>(
    APPLICATIONS_PREFIX,
    { schema: { body: { $ref: 'create-application#' } } },
    async (request, reply): Promise<ApplicationView> => {
      const now = new Date().toISOString();
      const row: ApplicationsTable = {
        id: uuidv7(),
        profile_id: request.profileId,
        application_type: request.body.applicationType,
        applying_for: request.body.applyingFor,
        status: 'IN_PROGRESS',
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('applications').values(row).execute();
      reply.code(201);
      return applicationView(row, []);
    },
  );

  app.get(APPLICATIONS_PREFIX, async (request): Promise<ApplicationView[]> => {
    const rows = await db
      .selectFrom('applications')
      .selectAll()
      .where('profile_id', '=', request.profileId)
      .orderBy('id', 'desc')
      .execute();
    const applicants = await applicantsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      applicationView(
        row,
        applicants.filter((a) => a.application_id === row.id),
      ),
    );
  });

  app.get<{ Params: { guid: string } }>(`${APPLICATIONS_PREFIX}/:guid`, async (request) =>
    view(db, await findApplication(db, request, request.params.guid)),
  );

  app.delete<{ Params: { guid: string } }>(`${APPLICATIONS_PREFIX}/:guid`, async (request) => {
    const lang = languageOf(request);
    const { answer, photoKeys } = await withApplication(request, request.params.guid, async (trx, application) => {
      if (application.status !== 'IN_PROGRESS') {
        throw new ApiError(
          409,
          APPLICATION_ERRORS.applicationNotDeletable,
          'applications:api.applicationNotDeletable',
          {
            vars: { status: statusName(lang, 'applicationStatus', application.status) },
          },
        );
      }
      // Answers, applicants and their photo rows go with it (foreign keys cascade); the photo files once committed.
      const photoKeys = await photoKeysOfApplication(trx, application.id);
      await trx.deleteFrom('applications').where('id', '=', application.id).execute();
      return { answer: { applicationIdentifier: application.id, deleted: true }, photoKeys };
    });
    await deletePhotoObjects(storage, photoKeys, request.log);
    return answer;
  });

  app.post<{ Params: { guid: string } }>(`${APPLICATIONS_PREFIX}/:guid/step/resume`, async (request) => {
    const lang = languageOf(request);
    const application = await findApplication(db, request, request.params.guid);
    assertEditable(application, lang);
    const applicants = await applicantsOf(db, [application.id]);
    if (applicants.length === 0)
      return { applicationIdentifier: application.id, applicantIdentifier: null, step: 'MANAGE_APPLICANTS' };
    // The applicant furthest behind, the first added among equals: the family moves on together.
    const order = (a: ApplicantsTable) => stepStates(a.current_step).findIndex((s) => s.state === 'IN_PROGRESS');
    const next = applicants.reduce((best, a) => (order(a) < order(best) ? a : best));
    const formId = journeySteps().find((s) => s.step === next.current_step)?.form;
    const answer: { applicationIdentifier: string; applicantIdentifier: string; step: string; page?: string } = {
      applicationIdentifier: application.id,
      applicantIdentifier: next.id,
      step: next.current_step,
    };
    if (formId && checkers[formId]) {
      const saved = await savedAnswers(db, next.id, formId);
      const checker = checkers[formId];
      answer.page = checker.firstPageWithProblems(saved.answers)?.id ?? saved.lastPage ?? checker.pages[0].id;
    }
    return answer;
  });

  // ------------------------------------------------------------------ applicants

  const applicantFacts = (body: ApplicantBody) => {
    const visible = checkers[APPLICANT_FORM_ID].withoutSkipped(
      body as unknown as Record<string, unknown>,
    ) as unknown as ApplicantBody;
    return {
      is_account_holder: visible.isAccountHolder ? 1 : 0,
      relationship: visible.isAccountHolder ? null : (visible.relationship ?? null),
      given_names: visible.givenNames.trim(),
      family_name: visible.familyName.trim(),
      date_of_birth: visible.dateOfBirth,
      nationality: visible.nationality,
      passport_country: visible.passportIssuingCountry,
      passport_number: normalisePassportNumber(visible.passportNumber),
    };
  };

  const assertAccountHolderRule = (
    application: ApplicationsTable,
    others: ApplicantsTable[],
    isAccountHolder: boolean,
  ) => {
    if (isAccountHolder && application.applying_for === 'OTHERS') {
      throw new ApiError(409, APPLICATION_ERRORS.accountHolderNotAllowed, 'applications:api.accountHolderNotAllowed');
    }
    if (!isAccountHolder && application.applying_for === 'SELF') {
      throw new ApiError(409, APPLICATION_ERRORS.accountHolderRequired, 'applications:api.accountHolderRequired');
    }
    if (isAccountHolder && others.some((a) => a.is_account_holder === 1)) {
      throw new ApiError(
        409,
        APPLICATION_ERRORS.accountHolderAlreadyAdded,
        'applications:api.accountHolderAlreadyAdded',
      );
    }
  };

  app.get<{ Params: { guid: string } }>(
    `${APPLICATIONS_PREFIX}/:guid/applicants`,
    async (request): Promise<ApplicantView[]> => {
      const application = await findApplication(db, request, request.params.guid);
      return (await applicantsOf(db, [application.id])).map(applicantView);
    },
  );

  app.post<{ Params: { guid: string }; Body: ApplicantBody }>(
    `${APPLICATIONS_PREFIX}/:guid/applicants`,
    { schema: { body: { $ref: 'applicant#' } } },
    async (request, reply): Promise<ApplicantView> => {
      const lang = languageOf(request);
      const created = await withApplication(request, request.params.guid, async (trx, application) => {
        assertEditable(application, lang);
        const existing = await applicantsOf(trx, [application.id]);
        const limit = application.applying_for === 'SELF' ? 1 : config.maxApplicants;
        if (existing.length >= limit) {
          throw new ApiError(409, APPLICATION_ERRORS.applicantLimitReached, 'applications:api.applicantLimitReached', {
            vars: { count: limit },
          });
        }
        const facts = applicantFacts(request.body);
        assertAccountHolderRule(application, existing, facts.is_account_holder === 1);
        const now = new Date();
        await checkEligibility(
          trx,
          eligiblePassportCountries,
          { passportCountry: facts.passport_country, passportNumber: facts.passport_number },
          application.id,
          undefined,
          now,
        );
        const row: ApplicantsTable = {
          id: uuidv7(),
          application_id: application.id,
          position: existing.reduce((max, a) => Math.max(max, a.position + 1), 0),
          ...facts,
          status: 'NOT_SUBMITTED',
          current_step: firstStep(),
          valid_until: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        };
        await trx.insertInto('applicants').values(row).execute();
        return row;
      });
      reply.code(201);
      return applicantView(created);
    },
  );

  app.put<{ Params: { guid: string; applicantGuid: string }; Body: ApplicantBody }>(
    `${APPLICATIONS_PREFIX}/:guid/applicants/:applicantGuid`,
    { schema: { body: { $ref: 'applicant#' } } },
    async (request): Promise<ApplicantView> => {
      const lang = languageOf(request);
      const { answer, photoKeys } = await withApplication(request, request.params.guid, async (trx, application) => {
        assertEditable(application, lang);
        const applicant = await findApplicant(trx, application.id, request.params.applicantGuid);
        assertApplicantEditable(applicant);
        const facts = applicantFacts(request.body);
        const others = (await applicantsOf(trx, [application.id])).filter((a) => a.id !== applicant.id);
        assertAccountHolderRule(application, others, facts.is_account_holder === 1);
        const now = new Date();
        await checkEligibility(
          trx,
          eligiblePassportCountries,
          { passportCountry: facts.passport_country, passportNumber: facts.passport_number },
          application.id,
          applicant.id,
          now,
        );
        await trx
          .updateTable('applicants')
          .set({ ...facts, updated_at: now.toISOString() })
          .where('id', '=', applicant.id)
          .execute();
        const passportChanged =
          facts.passport_country !== applicant.passport_country || facts.passport_number !== applicant.passport_number;
        const removedKey = passportChanged ? await dropPassportPhoto(trx, applicant.id) : undefined;
        const updated = { ...applicant, ...facts, updated_at: now.toISOString() };
        await carryFactsIntoAnswers(trx, updated, now);
        if (removedKey === undefined) return { answer: applicantView(updated), photoKeys: [] };
        const answer: ApplicantView = {
          ...applicantView({ ...updated, current_step: 'CAPTURE_BIOMETRICS' }),
          photosToRetake: ['PASSPORT_PHOTO'],
        };
        return { answer, photoKeys: [removedKey] };
      });
      await deletePhotoObjects(storage, photoKeys, request.log);
      return answer;
    },
  );

  /**
   * A photo of the old passport must not go on with the new one: removes the accepted passport photo (the selfie
   * stays, and a new capture starts at the passport page) and sends the applicant back to the photo step; answers
   * of later steps are kept. Answers the removed photo's storage key, for deleting its file once committed.
   */
  const hasPassportPhoto = async (trx: Kysely<Database>, applicantId: string) =>
    (await trx
      .selectFrom('applicant_photos')
      .select('photo_type')
      .where('applicant_id', '=', applicantId)
      .where('photo_type', '=', 'PASSPORT_PHOTO')
      .executeTakeFirst()) !== undefined;

  const dropPassportPhoto = async (trx: Kysely<Database>, applicantId: string): Promise<string | undefined> => {
    const photo = await trx
      .selectFrom('applicant_photos')
      .select('storage_key')
      .where('applicant_id', '=', applicantId)
      .where('photo_type', '=', 'PASSPORT_PHOTO')
      .executeTakeFirst();
    if (!photo) return undefined;
    await trx
      .deleteFrom('applicant_photos')
      .where('applicant_id', '=', applicantId)
      .where('photo_type', '=', 'PASSPORT_PHOTO')
      .execute();
    await reopenStep(trx, applicantId, 'CAPTURE_BIOMETRICS');
    return photo.storage_key;
  };

  app.delete<{ Params: { guid: string; applicantGuid: string } }>(
    `${APPLICATIONS_PREFIX}/:guid/applicants/:applicantGuid`,
    async (request) => {
      const lang = languageOf(request);
      const { answer, photoKeys } = await withApplication(request, request.params.guid, async (trx, application) => {
        assertEditable(application, lang);
        const applicant = await findApplicant(trx, application.id, request.params.applicantGuid);
        assertApplicantEditable(applicant);
        // Photo rows cascade with the applicant; the photo files go once that is committed.
        const photoKeys = await photoKeysOfApplicant(trx, applicant.id);
        await trx.deleteFrom('applicants').where('id', '=', applicant.id).execute();
        return { answer: { applicantIdentifier: applicant.id, deleted: true }, photoKeys };
      });
      await deletePhotoObjects(storage, photoKeys, request.log);
      return answer;
    },
  );

  // ------------------------------------------------------------------ answers

  const savedAnswers = async (
    executor: Kysely<Database>,
    applicantId: string,
    formId: string,
  ): Promise<FormAnswersView & { stored: boolean }> => {
    const row = await executor
      .selectFrom('applicant_answers')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .where('form_id', '=', formId)
      .executeTakeFirst();
    if (!row) return { answers: {}, lastPage: null, complete: false, stored: false };
    return {
      answers: JSON.parse(row.answers) as Record<string, unknown>,
      lastPage: row.last_page,
      complete: row.complete === 1,
      stored: true,
    };
  };

  /** The application form's answers that mirror the applicant's eligibility facts. */
  const factAnswers = (applicant: ApplicantsTable): Record<string, unknown> => ({
    givenNames: applicant.given_names,
    familyName: applicant.family_name,
    dateOfBirth: applicant.date_of_birth,
    nationality: applicant.nationality,
    passportIssuingCountry: applicant.passport_country,
    passportNumber: applicant.passport_number,
  });

  /**
   * After the facts were changed on the applicants page, the saved application form says the same: otherwise its
   * next save would put the old names or passport back (see syncApplicantFacts).
   */
  const carryFactsIntoAnswers = async (trx: Kysely<Database>, applicant: ApplicantsTable, now: Date) => {
    const saved = await savedAnswers(trx, applicant.id, APPLICATION_FORM_ID);
    if (!saved.stored) return;
    const answers = { ...saved.answers, ...factAnswers(applicant) };
    await trx
      .updateTable('applicant_answers')
      .set({ answers: JSON.stringify(answers), updated_at: now.toISOString() })
      .where('applicant_id', '=', applicant.id)
      .where('form_id', '=', APPLICATION_FORM_ID)
      .execute();
  };

  /** What the application form starts from: the applicant's eligibility facts, and the account holder's contact details. */
  const prefill = async (
    executor: Kysely<Database>,
    applicant: ApplicantsTable,
    profileId: string,
  ): Promise<Record<string, unknown>> => {
    const answers = factAnswers(applicant);
    if (applicant.is_account_holder === 1) {
      const profile = await executor
        .selectFrom('profiles')
        .select(['title', 'email', 'mobile_country', 'mobile_number'])
        .where('id', '=', profileId)
        .executeTakeFirst();
      if (profile) {
        if (profile.title) answers.title = profile.title;
        answers.email = profile.email;
        answers.mobile = { isoAlpha2Code: profile.mobile_country, mobileNumber: profile.mobile_number };
      }
    }
    return answers;
  };

  /**
   * Saves answers of one form for one applicant: a page (only that page's fields) or the whole form; a draft is
   * stored while incomplete but still refused for wrong types and unknown fields. Answers of questions that no
   * longer apply are removed. A complete, non-draft save completes the step; an incomplete one reopens it.
   */
  const saveAnswers = async (request: FastifyRequest, guid: string, body: AnswersBody, formId: string, step: Step) => {
    const lang = languageOf(request);
    const checker: FormChecker = checkers[formId];
    return withApplication(request, guid, async (trx, application) => {
      assertEditable(application, lang);
      const applicant = await findApplicant(trx, application.id, body.applicantIdentifier);
      assertApplicantEditable(applicant);
      assertStepReached(applicant, step, lang);

      const page = body.page === undefined ? undefined : checker.page(body.page);
      if (body.page !== undefined && !page) {
        throw fieldProblems(lang, [{ path: 'page', key: 'applications:validation.noSuchPage' }]);
      }
      if (page) {
        const known = new Set(checker.pages.flatMap((p) => p.fields));
        const stray = Object.keys(body.answers).filter((field) => !page.fields.includes(field));
        if (stray.length > 0) {
          throw fieldProblems(
            lang,
            stray.map((field) => ({
              path: field,
              key: known.has(field) ? 'applications:validation.fieldNotOnPage' : 'validation:generic.unknownField',
            })),
          );
        }
      }

      const saved = await savedAnswers(trx, applicant.id, formId);
      const base = saved.stored
        ? saved.answers
        : formId === APPLICATION_FORM_ID
          ? await prefill(trx, applicant, request.profileId)
          : {};
      const merged = page
        ? {
            ...Object.fromEntries(Object.entries(base).filter(([field]) => !page.fields.includes(field))),
            ...body.answers,
          }
        : body.answers;
      const result = checker.check(checker.withoutSkipped(merged));
      const inScope = (p: FieldProblem) => !page || page.fields.includes(topField(p.path));
      const refused = (body.draft ? result.draftProblems : result.problems).filter(inScope);
      if (refused.length > 0) throw fieldProblems(lang, refused);

      const answers = result.data;
      const complete = result.problems.length === 0;
      const now = new Date();
      if (formId === APPLICATION_FORM_ID && !body.draft)
        await syncApplicantFacts(trx, applicant, answers, result.problems, application.id, now, lang);
      const lastPage = page?.id ?? saved.lastPage;
      await trx
        .insertInto('applicant_answers')
        .values({
          applicant_id: applicant.id,
          form_id: formId,
          answers: JSON.stringify(answers),
          last_page: lastPage,
          complete: complete ? 1 : 0,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) =>
          oc.columns(['applicant_id', 'form_id']).doUpdateSet({
            answers: JSON.stringify(answers),
            last_page: lastPage,
            complete: complete ? 1 : 0,
            updated_at: now.toISOString(),
          }),
        )
        .execute();
      let current = applicant.current_step;
      if (!body.draft) {
        if (complete) current = await completeStep(trx, applicant.id, step, lang);
        else {
          await reopenStep(trx, applicant.id, step);
          current = step;
        }
      }
      return {
        applicationIdentifier: application.id,
        applicantIdentifier: applicant.id,
        page: page?.id ?? null,
        complete,
        step: current,
        answers,
      };
    });
  };

  /**
   * Keeps the applicant's eligibility facts in step with the form: a changed passport is checked for eligibility
   * again before it is accepted. Only answers without problems are taken.
   */
  const syncApplicantFacts = async (
    trx: Kysely<Database>,
    applicant: ApplicantsTable,
    answers: Record<string, unknown>,
    problems: FieldProblem[],
    applicationId: string,
    now: Date,
    lang: string,
  ) => {
    const ok = (field: string) =>
      typeof answers[field] === 'string' && !problems.some((p) => topField(p.path) === field);
    const changes: Partial<ApplicantsTable> = {};
    if (ok('givenNames')) changes.given_names = (answers.givenNames as string).trim();
    if (ok('familyName')) changes.family_name = (answers.familyName as string).trim();
    if (ok('dateOfBirth')) changes.date_of_birth = answers.dateOfBirth as string;
    if (ok('nationality')) changes.nationality = answers.nationality as string;
    if (ok('passportIssuingCountry') && ok('passportNumber')) {
      const passport = {
        passportCountry: answers.passportIssuingCountry as string,
        passportNumber: normalisePassportNumber(answers.passportNumber as string),
      };
      if (
        passport.passportCountry !== applicant.passport_country ||
        passport.passportNumber !== applicant.passport_number
      ) {
        // The accepted passport photo is of the passport on record: changing it goes through the applicants page,
        // which asks for the photo again.
        if (await hasPassportPhoto(trx, applicant.id)) {
          throw fieldProblems(lang, [{ path: 'passportNumber', key: 'applications:validation.passportPhotoTaken' }]);
        }
        await checkEligibility(trx, eligiblePassportCountries, passport, applicationId, applicant.id, now);
        changes.passport_country = passport.passportCountry;
        changes.passport_number = passport.passportNumber;
      }
    }
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('applicants')
        .set({ ...changes, updated_at: now.toISOString() })
        .where('id', '=', applicant.id)
        .execute();
    }
  };

  app.get<{ Params: { guid: string }; Querystring: { applicantIdentifier?: string } }>(
    '/api/eta/application-details/:guid',
    async (request) => {
      const application = await findApplication(db, request, request.params.guid);
      let applicants = await applicantsOf(db, [application.id]);
      const wanted = request.query.applicantIdentifier;
      if (typeof wanted === 'string') {
        applicants = applicants.filter((a) => a.id === wanted);
        if (applicants.length === 0)
          throw new ApiError(404, APPLICATION_ERRORS.applicantNotFound, 'applications:api.applicantNotFound');
      }
      const details = [];
      for (const applicant of applicants) {
        const form = await savedAnswers(db, applicant.id, APPLICATION_FORM_ID);
        const declarations = await savedAnswers(db, applicant.id, DECLARATIONS_FORM_ID);
        details.push({
          applicantIdentifier: applicant.id,
          step: applicant.current_step,
          applicationForm: {
            answers: form.stored ? form.answers : await prefill(db, applicant, request.profileId),
            lastPage: form.lastPage,
            complete: form.complete,
          },
          declarations: {
            answers: declarations.answers,
            lastPage: declarations.lastPage,
            complete: declarations.complete,
          },
        });
      }
      return { applicationIdentifier: application.id, applicants: details };
    },
  );

  app.put<{ Params: { guid: string }; Body: AnswersBody }>(
    '/api/eta/application-details/:guid',
    { schema: { body: answersBodySchema } },
    async (request) =>
      saveAnswers(request, request.params.guid, request.body, APPLICATION_FORM_ID, applicationFormStep),
  );

  // ------------------------------------------------------------------ answers of any form step

  /** The step a form of the journey makes (404 FORM_NOT_FOUND for a form that is not a step of the manifest). */
  const formStepOf = (formId: string): Step => {
    const step = stepOfForm(formId)?.step;
    if (!step || !checkers[formId])
      throw new ApiError(404, APPLICATION_ERRORS.formNotFound, 'applications:api.formNotFound');
    return step;
  };

  /**
   * One applicant's answers of one form step with everything its page needs in one call: the saved answers
   * (the application form starts from the applicant's facts), the page to open, the applicant's name and step.
   */
  app.get<{ Params: { guid: string; formId: string }; Querystring: { applicantIdentifier?: string } }>(
    `${APPLICATIONS_PREFIX}/:guid/answers/:formId`,
    async (request) => {
      const step = formStepOf(request.params.formId);
      const formId = request.params.formId;
      const application = await findApplication(db, request, request.params.guid);
      const applicant = await findApplicant(db, application.id, String(request.query.applicantIdentifier ?? ''));
      const saved = await savedAnswers(db, applicant.id, formId);
      const answers =
        saved.stored || formId !== APPLICATION_FORM_ID
          ? saved.answers
          : await prefill(db, applicant, request.profileId);
      const checker = checkers[formId];
      // At the applicant's current step, open the first page with something missing, as resume does.
      const startPage =
        application.status === 'IN_PROGRESS' && applicant.current_step === step
          ? (checker.firstPageWithProblems(answers)?.id ?? saved.lastPage ?? checker.pages[0].id)
          : saved.lastPage;
      return {
        applicationIdentifier: application.id,
        applicantIdentifier: applicant.id,
        formId,
        step,
        currentStep: applicant.current_step,
        applicationStatus: application.status,
        updatedAt: application.updated_at,
        givenNames: applicant.given_names,
        familyName: applicant.family_name,
        answers,
        lastPage: saved.lastPage,
        startPage: startPage ?? null,
        complete: saved.complete,
      };
    },
  );

  app.put<{ Params: { guid: string; formId: string }; Body: AnswersBody }>(
    `${APPLICATIONS_PREFIX}/:guid/answers/:formId`,
    { schema: { body: answersBodySchema } },
    async (request) =>
      saveAnswers(request, request.params.guid, request.body, request.params.formId, formStepOf(request.params.formId)),
  );

  app.put<{ Body: DeclarationsBody }>(
    '/api/eta/declarations',
    { schema: { body: declarationsBodySchema } },
    async (request) =>
      saveAnswers(request, request.body.applicationIdentifier, request.body, DECLARATIONS_FORM_ID, declarationsStep),
  );
};
