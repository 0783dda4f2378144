import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { journeyForms, lastStep } from './journey';
import { contentRepository } from './repository';
import type { ApplicantRow } from './tables';

/**
 * What an applicant has given, read for the guards of payment and submission: whether every step is complete,
 * and a fingerprint of everything given (the facts, the answers of every form, the photos, the documents), so
 * that a submission can prove each applicant is exactly as they were when the payment started.
 */

/** JSON with object keys sorted at every depth, so that equal content gives equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** One row of what applicants have given (contentRepository().contentOf). */
type ContentRow = Awaited<ReturnType<ReturnType<typeof contentRepository>['contentOf']>>[number];

/**
 * What one applicant has given: their row (the facts) and their answers, photos and documents, read in one
 * statement. A change can then tell from the content before it and the content it makes whether it changed what
 * the applicant gave, without reading it all again (fingerprintOf).
 */
export interface ApplicantContent {
  applicant: ApplicantRow;
  rows: readonly ContentRow[];
}

/** The content of an applicant whose row has just been read. */
export async function readContent(executor: Kysely<Database>, applicant: ApplicantRow): Promise<ApplicantContent> {
  return { applicant, rows: await contentRepository(executor).contentOf([applicant.id]) };
}

/** One form's answers in an applicant's content, as stored (the answers as JSON text), if they were saved. */
export function formAnswersIn(
  content: ApplicantContent,
  formId: string,
): { answers: string; lastPage: string | null; complete: boolean } | undefined {
  const row = content.rows.find((r) => r.kind === 'answers' && r.a === formId);
  return row && { answers: row.b as string, lastPage: row.c, complete: row.n === 1 };
}

/**
 * Whether a change of the applicant's facts (their row as it is now) and of one form's answers, stored as `saved`
 * (the answers as the JSON text written), changes the applicant's fingerprint: the facts or that form's answers
 * differ as the fingerprint reads them (object keys in any order), or the form had no answers before. Nothing else
 * of the content can have changed, so the rest is not read again.
 */
export function changesFingerprint(
  content: ApplicantContent,
  applicant: ApplicantRow,
  formId: string,
  saved: { answers: string; complete: boolean },
): boolean {
  const facts = (row: ApplicantRow) => JSON.stringify(canonical(factsOf(row)));
  if (facts(content.applicant) !== facts(applicant)) return true;
  const before = formAnswersIn(content, formId);
  if (!before || before.complete !== saved.complete) return true;
  if (before.answers === saved.answers) return false;
  return JSON.stringify(canonical(parsed(before.answers))) !== JSON.stringify(canonical(parsed(saved.answers)));
}

/** The facts of an applicant as their fingerprint holds them. */
function factsOf(applicant: ApplicantRow) {
  return {
    isAccountHolder: applicant.is_account_holder,
    relationship: applicant.relationship,
    givenNames: applicant.given_names,
    familyName: applicant.family_name,
    dateOfBirth: applicant.date_of_birth,
    nationality: applicant.nationality,
    passportCountry: applicant.passport_country,
    passportNumber: applicant.passport_number,
  };
}

/** The fingerprint (SHA-256, hex) of an applicant's content. */
export function fingerprintOf({ applicant, rows }: ApplicantContent): string {
  const of = (kind: ContentRow['kind']) => rows.filter((row) => row.applicant_id === applicant.id && row.kind === kind);
  const given = canonical({
    facts: factsOf(applicant),
    answers: of('answers')
      .map((row) => [row.a, parsed(row.b), row.n])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    photos: of('photo')
      .map((row) => [row.a, row.b])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    documents: of('document')
      .map((row) => [row.a, row.b, row.c, row.d])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  });
  return createHash('sha256').update(JSON.stringify(given)).digest('hex');
}

/** The fingerprint of each of the applicants (SHA-256, hex), by applicant id. */
export async function fingerprints(
  executor: Kysely<Database>,
  applicants: ApplicantRow[],
): Promise<Map<string, string>> {
  const ids = applicants.map((a) => a.id);
  const result = new Map<string, string>();
  if (ids.length === 0) return result;
  const rows = await contentRepository(executor).contentOf(ids);
  for (const applicant of applicants) result.set(applicant.id, fingerprintOf({ applicant, rows }));
  return result;
}

/**
 * Whether each applicant has completed every step: on the journey's last step (which only the completion of each
 * earlier step leads to), and no form of the journey kept incomplete (a draft saved after the form was completed
 * leaves the step where it was, but the form is not complete any more).
 */
export async function stepsComplete(
  executor: Kysely<Database>,
  applicants: ApplicantRow[],
): Promise<Map<string, boolean>> {
  const result = new Map<string, boolean>();
  const ids = applicants.map((a) => a.id);
  const forms = journeyForms();
  const incomplete =
    ids.length === 0 || forms.length === 0 ? [] : await contentRepository(executor).incompleteForms(ids, forms);
  const last = lastStep();
  for (const applicant of applicants)
    result.set(
      applicant.id,
      applicant.current_step === last && !incomplete.some((row) => row.applicant_id === applicant.id),
    );
  return result;
}
