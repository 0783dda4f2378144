/** The API's answer to an accepted submission of a public form. */
export interface SubmissionReceipt {
  /** The reference the sender quotes, e.g. "K7QM-2RXD". */
  reference: string;
  receivedAt: string;
}

/** The body of a public form's submission: the answers of its form. */
export interface SubmissionBody {
  answers: Record<string, unknown>;
}
