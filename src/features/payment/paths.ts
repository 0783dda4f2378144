import { stepNamed } from '@/api/journey';

/** The task list of every applicant (the route of the journey's form step that shows it without an applicant). */
export const OVERVIEW_PATH = stepNamed('APPLICATION_FORM')?.path ?? '/applications/application';

/** The payment overview: the route of the journey's payment step. */
export const PAYMENT_OVERVIEW_PATH = stepNamed('AWAITING_PAYMENT')?.path ?? '/applications/payment-overview';

/** Where a signed-in user finds every application. */
export const MY_APPLICATIONS_PATH = '/my-applications';

const withApplication = (path: string, applicationIdentifier: string) =>
  `${path}?applicationIdentifier=${encodeURIComponent(applicationIdentifier)}`;

/** The page the payment provider sends the browser back to, which checks the outcome with the API. */
export const paymentCompleteHref = (applicationIdentifier: string) =>
  withApplication('/applications/payment-complete', applicationIdentifier);

/** The confirmation of a submitted application; the identifier in the link makes it work when bookmarked. */
export const submittedHref = (applicationIdentifier: string) =>
  withApplication('/applications/application-submitted', applicationIdentifier);
