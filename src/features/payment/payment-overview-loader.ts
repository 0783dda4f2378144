import { newAttemptKey } from './format';

/** What the payment page is given before it renders. */
export interface PaymentOverviewLoaderData {
  /** The key of the payment attempt Pay starts (sent with the form, so a repeated press is the same payment). */
  attemptKey: string;
}

/** A fresh attempt key each time the page is shown (on the server, and on each visit in the browser). */
export async function loader(): Promise<PaymentOverviewLoaderData> {
  return { attemptKey: newAttemptKey() };
}
