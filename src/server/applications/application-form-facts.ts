import type { Kysely } from 'kysely';
import type { FieldProblem } from '../../shared/validation/field-errors';
import { hasPhoto } from '../biometrics/public';
import { formOfStep } from '../lifecycle/public';
import type { Database } from '../db/schema';
import { fieldProblems } from '../validation/field-problems';
import { checkEligibility, normalisePassportNumber } from './eligibility';
import { topField } from './form-answers';
import { applicationsRepository, type ApplicantFactsChange } from './repository';
import { factAnswers } from './guards';
import type { ApplicantsTable } from './tables';

/**
 * The application form repeats an applicant's eligibility facts (names, date of birth, nationality, passport):
 * it starts from them, a save of it changes them, and a change of them on the applicants page changes it.
 */
export const applicationFormId = () => formOfStep('APPLICATION_FORM');

/** What the application form starts from: the applicant's eligibility facts, and the account holder's contact details. */
export async function prefillApplicationForm(
  executor: Kysely<Database>,
  applicant: ApplicantsTable,
  profileId: string,
): Promise<Record<string, unknown>> {
  const answers = factAnswers(applicant);
  if (applicant.is_account_holder === 1) {
    const profile = await applicationsRepository(executor).profileContact(profileId);
    if (profile) {
      if (profile.title) answers.title = profile.title;
      answers.email = profile.email;
      answers.mobile = { isoAlpha2Code: profile.mobile_country, mobileNumber: profile.mobile_number };
    }
  }
  return answers;
}

/**
 * Keeps the applicant's eligibility facts in step with the form: a changed passport is checked for eligibility
 * again before it is accepted. Only answers without problems are taken, and only a fact that differs is written.
 * Answers the applicant's row as it is afterwards.
 */
export async function syncApplicantFacts(
  trx: Kysely<Database>,
  eligibleCountries: ReadonlySet<string>,
  applicant: ApplicantsTable,
  answers: Record<string, unknown>,
  problems: FieldProblem[],
  applicationId: string,
  now: Date,
  lang: string,
): Promise<ApplicantsTable> {
  const ok = (field: string) => typeof answers[field] === 'string' && !problems.some((p) => topField(p.path) === field);
  const changes: ApplicantFactsChange = {};
  const take = <K extends 'given_names' | 'family_name' | 'date_of_birth' | 'nationality'>(fact: K, value: string) => {
    if (value !== applicant[fact]) changes[fact] = value;
  };
  if (ok('givenNames')) take('given_names', (answers.givenNames as string).trim());
  if (ok('familyName')) take('family_name', (answers.familyName as string).trim());
  if (ok('dateOfBirth')) take('date_of_birth', answers.dateOfBirth as string);
  if (ok('nationality')) take('nationality', answers.nationality as string);
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
      if (await hasPhoto(trx, applicant.id, 'PASSPORT_PHOTO')) {
        throw fieldProblems(lang, [{ path: 'passportNumber', key: 'applications:validation.passportPhotoTaken' }]);
      }
      await checkEligibility(trx, eligibleCountries, passport, applicationId, applicant.id, now);
      changes.passport_country = passport.passportCountry;
      changes.passport_number = passport.passportNumber;
    }
  }
  if (Object.keys(changes).length === 0) return applicant;
  await applicationsRepository(trx).updateApplicantFacts(applicant.id, changes, now);
  return { ...applicant, ...changes, updated_at: now.toISOString() };
}

/**
 * After the facts were changed on the applicants page, the saved application form says the same: otherwise its
 * next save would put the old names or passport back.
 */
export async function carryFactsIntoAnswers(trx: Kysely<Database>, applicant: ApplicantsTable, now: Date) {
  const repository = applicationsRepository(trx);
  const saved = await repository.savedAnswers(applicant.id, applicationFormId());
  if (!saved.stored) return;
  await repository.replaceAnswers(
    applicant.id,
    applicationFormId(),
    { ...saved.answers, ...factAnswers(applicant) },
    now,
  );
}
