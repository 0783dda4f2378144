import type { Kysely } from 'kysely';
import type { ApplicantsTable, ApplicationsTable } from '../applications/public';
import type { Database } from '../db/schema';
import { documentFacts, uploadedDocumentTypes } from '../documents/public';
import type { DecisionFacts } from './rules';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from one YYYY-MM-DD to another, or undefined when either is not a date. */
function daysBetween(from: unknown, to: unknown): number | undefined {
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Number.isNaN(a) || Number.isNaN(b) ? undefined : Math.round((b - a) / DAY_MS);
}

/**
 * The facts the decision rules read for one applicant: those the documents rules read, the uploaded document
 * types, and the length of the stay and how long the passport stays valid after departure.
 */
export async function decisionFacts(
  executor: Kysely<Database>,
  application: ApplicationsTable,
  applicant: ApplicantsTable,
): Promise<DecisionFacts> {
  const facts = await documentFacts(executor, application, applicant);
  const { arrivalDate, departureDate, passportExpiryDate } = facts.answers;
  const stayDays = daysBetween(arrivalDate, departureDate);
  const passportDaysAfterDeparture = daysBetween(departureDate, passportExpiryDate);
  return {
    ...facts,
    documents: await uploadedDocumentTypes(executor, applicant.id),
    travel: {
      ...(stayDays === undefined ? {} : { stayDays: stayDays + 1 }),
      ...(passportDaysAfterDeparture === undefined ? {} : { passportDaysAfterDeparture }),
    },
  };
}
