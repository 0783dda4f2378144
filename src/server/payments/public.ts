/**
 * What other areas of the server may use of payments: the fees (served with the client settings) and the
 * housekeeping job that sends again the submission e-mails that could not be sent.
 */
export { loadPaymentsConfig, PAYMENTS_SETTINGS } from './config';
export { retrySubmissionMails } from './mail';
export { newReference } from './reference';
