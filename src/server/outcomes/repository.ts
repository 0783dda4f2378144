import type { Kysely } from 'kysely';
import { storedAnswers } from '../applications/public';
import type { Database } from '../db/schema';

/** The queries of the outcome calls, made once per app (src/server/areas.ts). */
export function outcomesRepository(db: Kysely<Database>) {
  return {
    /** An applicant and its application, only when the application is the profile's own. */
    ownApplicant: async (profileId: string, applicantId: string) => {
      const applicant = await db
        .selectFrom('applicants')
        .innerJoin('applications', 'applications.id', 'applicants.application_id')
        .selectAll('applicants')
        .select(['applications.application_type', 'applications.profile_id'])
        .where('applicants.id', '=', applicantId)
        .where('applications.profile_id', '=', profileId)
        .executeTakeFirst();
      return applicant;
    },

    /** An applicant and its application type, whoever owns it (for a pass fetched with a signed token). */
    applicant: (applicantId: string) =>
      db
        .selectFrom('applicants')
        .innerJoin('applications', 'applications.id', 'applicants.application_id')
        .selectAll('applicants')
        .select(['applications.application_type', 'applications.profile_id'])
        .where('applicants.id', '=', applicantId)
        .executeTakeFirst(),

    reference: async (applicationId: string) =>
      (
        await db
          .selectFrom('application_submissions')
          .select('reference')
          .where('application_id', '=', applicationId)
          .executeTakeFirst()
      )?.reference,

    /** The stored answers of one form of an applicant ({} when none). */
    answers: async (applicantId: string, formId: string) => (await storedAnswers(db, applicantId, [formId]))[formId],
  };
}

export type OwnedApplicant = NonNullable<Awaited<ReturnType<ReturnType<typeof outcomesRepository>['ownApplicant']>>>;

export type OutcomesRepository = ReturnType<typeof outcomesRepository>;
