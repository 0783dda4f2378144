import type { Kysely } from 'kysely';
import type { SavedForm } from '../../shared/contract';
import type { Database } from '../db/schema';
import { readingShowsPassport } from '../passport-mrz/compare';
import type { ApplicantAnswersTable, ApplicantsTable } from './tables';

/** The facts of an applicant a change may set (a field left undefined keeps its value). */
export type ApplicantFactsChange = Partial<
  Pick<
    ApplicantsTable,
    | 'is_account_holder'
    | 'relationship'
    | 'given_names'
    | 'family_name'
    | 'date_of_birth'
    | 'nationality'
    | 'passport_country'
    | 'passport_number'
  >
>;

/** A form's saved answers, and whether any were stored. */
export type StoredAnswers = SavedForm & { stored: boolean };

/**
 * The SQL of the application flow, on the database or on a transaction (`applicationsRepository(trx)`). Rows of
 * another profile are never answered: every read of an application names the profile it must belong to.
 */
export function applicationsRepository(db: Kysely<Database>) {
  return {
    findApplication: (profileId: string, id: string) =>
      db
        .selectFrom('applications')
        .selectAll()
        .where('id', '=', id)
        .where('profile_id', '=', profileId)
        .executeTakeFirst(),

    /** A profile's applications, newest first. */
    listApplications: (profileId: string) =>
      db.selectFrom('applications').selectAll().where('profile_id', '=', profileId).orderBy('id', 'desc').execute(),

    /** The applicants of the given applications, in the order they were added. */
    applicantsOf: (applicationIds: string[]): Promise<ApplicantsTable[]> =>
      applicationIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('applicants')
            .selectAll()
            .where('application_id', 'in', applicationIds)
            .orderBy('position')
            .execute(),

    findApplicant: (applicationId: string, id: string) =>
      db
        .selectFrom('applicants')
        .selectAll()
        .where('id', '=', id)
        .where('application_id', '=', applicationId)
        .executeTakeFirst(),

    /** An applicant known to exist (of any application). */
    applicantById: (id: string) =>
      db.selectFrom('applicants').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),

    /** Changes an applicant's facts (never their status or step: those are the state machine's). */
    updateApplicantFacts: (id: string, facts: ApplicantFactsChange, now: Date) =>
      db
        .updateTable('applicants')
        .set({
          is_account_holder: facts.is_account_holder,
          relationship: facts.relationship,
          given_names: facts.given_names,
          family_name: facts.family_name,
          date_of_birth: facts.date_of_birth,
          nationality: facts.nationality,
          passport_country: facts.passport_country,
          passport_number: facts.passport_number,
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute(),

    /**
     * Every applicant, of any application and profile, holding a passport: with the account it belongs to and what
     * the machine-readable zone of its accepted passport photo says, when there is such a photo (passportShown
     * tells whether the MRZ was read with every check digit holding and says this number and issuing country).
     */
    passportHolders: async (passportCountry: string, passportNumber: string) =>
      (
        await db
          .selectFrom('applicants')
          .innerJoin('applications', 'applications.id', 'applicants.application_id')
          .leftJoin('applicant_photos', (join) =>
            join
              .onRef('applicant_photos.applicant_id', '=', 'applicants.id')
              .on('applicant_photos.photo_type', '=', 'PASSPORT_PHOTO'),
          )
          .leftJoin('passport_readings', 'passport_readings.applicant_id', 'applicant_photos.applicant_id')
          .select([
            'applicants.id as applicantId',
            'applicants.status as applicantStatus',
            'applicants.valid_until as validUntil',
            'applications.id as applicationId',
            'applications.status as applicationStatus',
            'applications.profile_id as profileId',
            'passport_readings.read as mrzRead',
            'passport_readings.check_digits_valid as mrzCheckDigitsValid',
            'passport_readings.document_number as mrzDocumentNumber',
            'passport_readings.issuing_country as mrzIssuingCountry',
          ])
          .where('applicants.passport_country', '=', passportCountry)
          .where('applicants.passport_number', '=', passportNumber)
          .execute()
      ).map(({ mrzRead, mrzCheckDigitsValid, mrzDocumentNumber, mrzIssuingCountry, ...holder }) => ({
        ...holder,
        passportShown: readingShowsPassport(
          {
            read: Boolean(mrzRead),
            checkDigitsValid: Boolean(mrzCheckDigitsValid),
            documentNumber: mrzDocumentNumber,
            issuingCountry: mrzIssuingCountry,
          },
          passportCountry,
          passportNumber,
        ),
      })),

    /** The passport an applicant of one of the profile's applications holds, if there is such an applicant. */
    ownApplicantPassport: (profileId: string, applicantId: string) =>
      db
        .selectFrom('applicants')
        .innerJoin('applications', 'applications.id', 'applicants.application_id')
        .select(['applicants.passport_country', 'applicants.passport_number'])
        .where('applicants.id', '=', applicantId)
        .where('applications.profile_id', '=', profileId)
        .executeTakeFirst(),

    /** The account an application belongs to. */
    ownerOf: async (applicationId: string): Promise<string | undefined> =>
      (await db.selectFrom('applications').select('profile_id').where('id', '=', applicationId).executeTakeFirst())
        ?.profile_id,

    /** One applicant's answers of one form. */
    savedAnswers: async (applicantId: string, formId: string): Promise<StoredAnswers> =>
      storedForm(
        await db
          .selectFrom('applicant_answers')
          .select(['answers', 'last_page as lastPage', 'complete'])
          .where('applicant_id', '=', applicantId)
          .where('form_id', '=', formId)
          .executeTakeFirst()
          .then((row) => row && { answers: row.answers, lastPage: row.lastPage, complete: row.complete === 1 }),
      ),

    /** Stores one applicant's answers of one form, in place of those stored before. */
    saveAnswers: (row: ApplicantAnswersTable) => {
      const { applicant_id: _applicant, form_id: _form, ...changes } = row;
      return db
        .insertInto('applicant_answers')
        .values(row)
        .onConflict((oc) => oc.columns(['applicant_id', 'form_id']).doUpdateSet(changes))
        .execute();
    },

    /** Replaces the answers of a stored form, keeping its page and completeness. */
    replaceAnswers: (applicantId: string, formId: string, answers: Record<string, unknown>, now: Date) =>
      db
        .updateTable('applicant_answers')
        .set({ answers: JSON.stringify(answers), updated_at: now.toISOString() })
        .where('applicant_id', '=', applicantId)
        .where('form_id', '=', formId)
        .execute(),

    /** The account holder's contact details, which the application form starts from. */
    profileContact: (profileId: string) =>
      db
        .selectFrom('profiles')
        .select(['title', 'email', 'mobile_country', 'mobile_number'])
        .where('id', '=', profileId)
        .executeTakeFirst(),
  };
}

/** A form's saved answers from their stored row (the answers as JSON text), or none saved. */
export function storedForm(
  row: { answers: string; lastPage: string | null; complete: boolean } | undefined,
): StoredAnswers {
  if (!row) return { answers: {}, lastPage: null, complete: false, stored: false };
  return {
    answers: JSON.parse(row.answers) as Record<string, unknown>,
    lastPage: row.lastPage,
    complete: row.complete,
    stored: true,
  };
}

/** One applicant's stored answers of each of the forms ({} for a form none were saved of), in one statement. */
export async function storedAnswers<F extends string>(
  db: Kysely<Database>,
  applicantId: string,
  formIds: readonly F[],
): Promise<Record<F, Record<string, unknown>>> {
  const rows =
    formIds.length === 0
      ? []
      : await db
          .selectFrom('applicant_answers')
          .select(['form_id', 'answers'])
          .where('applicant_id', '=', applicantId)
          .where('form_id', 'in', formIds)
          .execute();
  const byForm = new Map(rows.map((row) => [row.form_id, JSON.parse(row.answers) as Record<string, unknown>]));
  return Object.fromEntries(formIds.map((id) => [id, byForm.get(id) ?? {}])) as Record<F, Record<string, unknown>>;
}
