/** The API's error codes that belong to the code field of /otp (a wrong code, too many tries). */
export const CODE_ERRORS: ReadonlySet<string> = new Set(['CODE_INVALID', 'CODE_ATTEMPTS_EXCEEDED']);

/** Whether two e-mail addresses are the same address (case and surrounding spaces aside). */
export const sameAddress = (a: string | undefined, b: string) =>
  a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
