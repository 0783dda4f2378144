import { PATHS } from '@/shared/route-paths';

const withApplication = (path: string, applicationIdentifier: string) =>
  `${path}?applicationIdentifier=${encodeURIComponent(applicationIdentifier)}`;

/** The page the payment provider sends the browser back to, which checks the outcome with the API. */
export const paymentCompleteHref = (applicationIdentifier: string) =>
  withApplication(PATHS.paymentComplete, applicationIdentifier);

/** The confirmation of a submitted application; the identifier in the link makes it work when bookmarked. */
export const submittedHref = (applicationIdentifier: string) =>
  withApplication(PATHS.applicationSubmitted, applicationIdentifier);

/** The field of the Pay form that carries the attempt's idempotency key (see payment-overview-action.ts). */
export const ATTEMPT_KEY_FIELD = 'idempotencyKey';
/** The `_action` of the Pay button. */
export const PAY_ACTION = 'pay';
