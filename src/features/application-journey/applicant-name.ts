/** An applicant's name as the journey's pages show it: given names, then family name. */
export const fullName = (applicant: { givenNames: string; familyName: string }): string =>
  `${applicant.givenNames} ${applicant.familyName}`;
