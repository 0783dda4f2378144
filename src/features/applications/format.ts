import type { Applicant } from '@/api/applications';

/** Given names and family name, as in the passport. */
export function applicantName(applicant: Pick<Applicant, 'givenNames' | 'familyName'>): string {
  return `${applicant.givenNames} ${applicant.familyName}`.trim();
}
