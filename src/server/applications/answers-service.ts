import type { Kysely } from 'kysely';
import {
  APPLICATION_ERRORS,
  MANAGE_APPLICANTS,
  type AnswersBody,
  type ApplicantDetails,
  type ApplicationDetails,
  type ResumeAnswer,
  type SaveResult,
  type StepAnswers,
} from '../../shared/contract';
import type { FieldProblem } from '../../shared/validation/field-errors';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { applicantOf, ownApplication, withApplication } from './access';
import { applicationFormId, prefillApplicationForm, syncApplicantFacts } from './application-form-facts';
import { topField, type FormChecker } from './form-answers';
import { applicationsRepository, storedForm, type StoredAnswers } from './repository';
import { fieldProblems } from '../validation/field-problems';
import { passportReadingOf } from '../biometrics/public';
import { compareWithForm } from '../passport-mrz/compare';
import {
  assertStepReached,
  changesFingerprint,
  completeHeldStep,
  formAnswersIn,
  formOfStep,
  journeySteps,
  readContent,
  reopenHeldStep,
  stepOfForm,
  stepStates,
  type Lifecycle,
  type Step,
} from '../lifecycle/public';
import { applicantNotFound, assertApplicantEditable, assertEditable } from './guards';
import type { Caller } from './service';
import type { ApplicantsTable } from './tables';

/**
 * The application form's answers beside what the applicant's passport photo's MRZ says: the answers it fills in
 * (those still empty; the applicant sees them and may change them) and those that differ from it.
 */
async function withPassportReading(db: Kysely<Database>, applicantId: string, answers: Record<string, unknown>) {
  const reading = await passportReadingOf(db, applicantId);
  if (!reading) return { answers, passportReading: undefined };
  const { prefill, mismatches } = compareWithForm(reading, answers);
  return {
    answers: { ...answers, ...prefill },
    passportReading: { read: reading.read, prefilled: Object.keys(prefill), mismatches },
  };
}

/** The forms whose answers have calls of their own besides the generic answers call of every form step. */
export { applicationFormId };
/** The declarations' form (the DECLARATION step's, in the route manifest). */
export const declarationsFormId = () => formOfStep('DECLARATION');

export interface AnswersServiceOptions {
  db: Kysely<Database>;
  /** The flows of the journey's forms, by form id. */
  checkers: Record<string, FormChecker>;
  eligibleCountries: ReadonlySet<string>;
  /** The state machine's hooks: a save that changes anything voids the application's live payment. */
  lifecycle: Lifecycle;
}

/**
 * The answers of the journey's forms: loading them with where to start, saving a page or a whole form (which
 * moves the applicant's step), and where an application resumes.
 */
export function createAnswersService({ db, checkers, eligibleCountries, lifecycle }: AnswersServiceOptions) {
  const repository = applicationsRepository(db);

  /** The stored answers, or (the application form only) what it starts from. */
  const answersOrPrefill = async (
    saved: StoredAnswers,
    formId: string,
    applicant: ApplicantsTable,
    profileId: string,
  ) =>
    saved.stored || formId !== applicationFormId() ? saved.answers : prefillApplicationForm(db, applicant, profileId);

  /** The page to open: the first that applies with something missing, else the last saved, else the first. */
  const pageToOpen = (checker: FormChecker, answers: Record<string, unknown>, lastPage: string | null) =>
    checker.firstPageWithProblems(answers)?.id ?? lastPage ?? checker.pages[0].id;

  /** The step a form of the journey makes (404 FORM_NOT_FOUND for a form that is not a step of the manifest). */
  const formStepOf = (formId: string): Step => {
    const step = stepOfForm(formId)?.step;
    if (!step || !checkers[formId])
      throw new ApiError(404, APPLICATION_ERRORS.formNotFound, 'applications:api.formNotFound');
    return step;
  };

  return {
    formStepOf,

    /** Where the application continues: the applicant furthest behind (the first added among equals). */
    async resume(caller: Caller, guid: string): Promise<ResumeAnswer> {
      const application = await ownApplication(db, caller.profileId, guid);
      assertEditable(application, caller.lang);
      const applicants = await repository.applicantsOf([application.id]);
      if (applicants.length === 0)
        return { applicationIdentifier: application.id, applicantIdentifier: null, step: MANAGE_APPLICANTS };
      // The family moves on together.
      const order = (a: ApplicantsTable) => stepStates(a.current_step).findIndex((s) => s.state === 'IN_PROGRESS');
      const next = applicants.reduce((best, a) => (order(a) < order(best) ? a : best));
      const formId = journeySteps().find((s) => s.step === next.current_step)?.form;
      const answer: ResumeAnswer = {
        applicationIdentifier: application.id,
        applicantIdentifier: next.id,
        step: next.current_step,
      };
      if (formId && checkers[formId]) {
        const saved = await repository.savedAnswers(next.id, formId);
        answer.page = pageToOpen(checkers[formId], saved.answers, saved.lastPage);
      }
      return answer;
    },

    /** The application form's and declarations' answers of the application's applicants (or of one). */
    async applicationDetails(caller: Caller, guid: string, applicantIdentifier?: string): Promise<ApplicationDetails> {
      const application = await ownApplication(db, caller.profileId, guid);
      let applicants = await repository.applicantsOf([application.id]);
      if (typeof applicantIdentifier === 'string') {
        applicants = applicants.filter((a) => a.id === applicantIdentifier);
        if (applicants.length === 0) throw applicantNotFound();
      }
      const details: ApplicantDetails[] = [];
      for (const applicant of applicants) {
        const form = await repository.savedAnswers(applicant.id, applicationFormId());
        const declarations = await repository.savedAnswers(applicant.id, declarationsFormId());
        details.push({
          applicantIdentifier: applicant.id,
          step: applicant.current_step,
          applicationForm: {
            answers: await answersOrPrefill(form, applicationFormId(), applicant, caller.profileId),
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

    /**
     * One applicant's answers of one form step with everything its page needs in one call: the saved answers
     * (the application form starts from the applicant's facts), the page to open, the applicant's name and step.
     */
    async stepAnswers(caller: Caller, guid: string, formId: string, applicantIdentifier: string): Promise<StepAnswers> {
      const step = formStepOf(formId);
      const application = await ownApplication(db, caller.profileId, guid);
      const applicant = await applicantOf(db, application.id, applicantIdentifier);
      const saved = await repository.savedAnswers(applicant.id, formId);
      const prefilled = await answersOrPrefill(saved, formId, applicant, caller.profileId);
      const { answers, passportReading } =
        formId === applicationFormId()
          ? await withPassportReading(db, applicant.id, prefilled)
          : { answers: prefilled, passportReading: undefined };
      // At the applicant's current step, open the first page with something missing, as resume does.
      const startPage =
        application.status === 'IN_PROGRESS' && applicant.current_step === step
          ? pageToOpen(checkers[formId], answers, saved.lastPage)
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
        ...(passportReading ? { passportReading } : {}),
      };
    },

    /**
     * Saves answers of one form for one applicant: a page (only that page's fields) or the whole form; a draft is
     * stored while incomplete but still refused for wrong types and unknown fields. Answers of questions that no
     * longer apply are removed. A complete, non-draft save completes the step; an incomplete one reopens it.
     */
    async save(caller: Caller, guid: string, body: AnswersBody, formId: string, step: Step): Promise<SaveResult> {
      const { lang } = caller;
      const checker = checkers[formId];
      const { answer, voided } = await withApplication(db, caller.profileId, guid, async (trx, application, held) => {
        assertEditable(application, lang);
        const applicant = await applicantOf(trx, application.id, body.applicantIdentifier);
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

        // What the applicant has given, read once: the form's saved answers, and the fingerprint a change moves.
        const content = await readContent(trx, applicant);
        const saved = storedForm(formAnswersIn(content, formId));
        const base = saved.stored
          ? saved.answers
          : formId === applicationFormId()
            ? await prefillApplicationForm(trx, applicant, caller.profileId)
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
        const changed =
          formId === applicationFormId() && !body.draft
            ? await syncApplicantFacts(
                trx,
                eligibleCountries,
                applicant,
                answers,
                result.problems,
                application.id,
                now,
                lang,
              )
            : applicant;
        const stored = { answers: JSON.stringify(answers), lastPage: page?.id ?? saved.lastPage, complete };
        await applicationsRepository(trx).saveAnswers({
          applicant_id: applicant.id,
          form_id: formId,
          answers: stored.answers,
          last_page: stored.lastPage,
          complete: complete ? 1 : 0,
          updated_at: now.toISOString(),
        });
        let current = applicant.current_step;
        if (!body.draft) {
          current = complete
            ? await completeHeldStep(held, changed, step, lang)
            : await reopenHeldStep(held, changed, step, lang);
        }
        // Only a save that changed what the applicant gave voids the payment (the same answers sent again do not).
        let voided: string[] = [];
        if (changesFingerprint(content, changed, formId, stored)) {
          const outcome = await lifecycle.heldApplicationChanged(held);
          voided = outcome.voided;
          current = outcome.reopened.get(applicant.id) ?? current;
        }
        const answer: SaveResult = {
          applicationIdentifier: application.id,
          applicantIdentifier: applicant.id,
          page: page?.id ?? null,
          complete,
          step: current,
          answers,
        };
        return { answer, voided };
      });
      await lifecycle.paymentsVoided(voided);
      return answer;
    },
  };
}
