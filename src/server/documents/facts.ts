import type { Kysely } from 'kysely';
import type { ApplicantsTable, ApplicationsTable } from '../applications/public';
import type { Database } from '../db/schema';
import { formOfStep } from '../lifecycle/public';
import { documentsRepository } from './repository';
import { ageOn, type DocumentFacts } from './requirements';

/** What the rules of schemas/documents.rules.json are evaluated over, for one applicant, today. */
export async function documentFacts(
  executor: Kysely<Database>,
  application: ApplicationsTable,
  applicant: ApplicantsTable,
): Promise<DocumentFacts> {
  const form = formOfStep('APPLICATION_FORM');
  const declarationsForm = formOfStep('DECLARATION');
  const saved = await documentsRepository(executor).answersOf(applicant.id, [form, declarationsForm]);
  const [answers, declarations] = [saved[form], saved[declarationsForm]];
  return {
    applicationType: application.application_type,
    applicant: {
      age: ageOn(applicant.date_of_birth, new Date()),
      nationality: applicant.nationality,
      passportIssuingCountry: applicant.passport_country,
      isAccountHolder: applicant.is_account_holder === 1,
    },
    answers,
    declarations,
  };
}

/** The document types uploaded for an applicant, each once. */
export async function uploadedDocumentTypes(executor: Kysely<Database>, applicantId: string): Promise<string[]> {
  const rows = await documentsRepository(executor).ofApplicant(applicantId);
  return [...new Set(rows.map((row) => row.document_type))];
}
