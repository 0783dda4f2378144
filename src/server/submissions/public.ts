/** What other areas of the server may use of public forms: the sweep that retries e-mails and removes old ones. */
export { sweepSubmissions } from './delivery';
