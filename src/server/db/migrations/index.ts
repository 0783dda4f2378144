import type { Migration } from 'kysely';
import * as meta from './0001-meta';
import * as accounts from './0020-accounts';
import * as devMailbox from './0021-dev-mailbox';
import * as applications from './0030-applications';
import * as captureSessions from './0040-capture-sessions';
import * as housekeepingIndexes from './0050-housekeeping-indexes';
import * as formSubmissions from './0060-form-submissions';
import * as documents from './0070-documents';
import * as payments from './0080-payments';
import * as decisions from './0090-decisions';
import * as paymentApplicants from './0100-payment-applicants';
import * as passportReadings from './0110-passport-readings';
import * as configuration from './0120-configuration';
import * as staff from './0130-staff';

/**
 * Every migration, by name. Names sort in the order they run: add a file `NNNN-name.ts` beside this one and
 * one line here.
 */
export const migrations: Record<string, Migration> = {
  '0001-meta': meta,
  '0020-accounts': accounts,
  '0021-dev-mailbox': devMailbox,
  '0030-applications': applications,
  '0040-capture-sessions': captureSessions,
  '0050-housekeeping-indexes': housekeepingIndexes,
  '0060-form-submissions': formSubmissions,
  '0070-documents': documents,
  '0080-payments': payments,
  '0090-decisions': decisions,
  '0100-payment-applicants': paymentApplicants,
  '0110-passport-readings': passportReadings,
  '0120-configuration': configuration,
  '0130-staff': staff,
};
