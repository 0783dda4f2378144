import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { journeyForms, lastStep } from './journey';
import { contentRepository, lifecycleRepository } from './repository';
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

/** The fingerprint of each of the applicants (SHA-256, hex), by applicant id. */
export async function fingerprints(
  executor: Kysely<Database>,
  applicants: ApplicantRow[],
): Promise<Map<string, string>> {
  const ids = applicants.map((a) => a.id);
  const result = new Map<string, string>();
  if (ids.length === 0) return result;
  const content = await contentRepository(executor).contentOf(ids);
  for (const applicant of applicants) {
    const own = content.filter((row) => row.applicant_id === applicant.id);
    const of = (kind: (typeof own)[number]['kind']) => own.filter((row) => row.kind === kind);
    const given = canonical({
      facts: {
        isAccountHolder: applicant.is_account_holder,
        relationship: applicant.relationship,
        givenNames: applicant.given_names,
        familyName: applicant.family_name,
        dateOfBirth: applicant.date_of_birth,
        nationality: applicant.nationality,
        passportCountry: applicant.passport_country,
        passportNumber: applicant.passport_number,
      },
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
    result.set(applicant.id, createHash('sha256').update(JSON.stringify(given)).digest('hex'));
  }
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

/**
 * The fingerprint of one applicant's content, by id or from the row just read (undefined for an unknown
 * applicant).
 */
export async function applicantFingerprint(
  executor: Kysely<Database>,
  applicantOrId: ApplicantRow | string,
): Promise<string | undefined> {
  const applicant =
    typeof applicantOrId === 'string' ? await lifecycleRepository(executor).applicant(applicantOrId) : applicantOrId;
  return applicant ? (await fingerprints(executor, [applicant])).get(applicant.id) : undefined;
}
