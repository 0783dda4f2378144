/**
 * The rows the state machine moves (declared by their areas: applications/tables.ts, payments/tables.ts), named
 * here without importing those areas, and the table it adds: which applicants a payment was started for.
 */

import type { Database } from '../db/schema';

export type ApplicationRow = Database['applications'];
export type ApplicantRow = Database['applicants'];
export type PaymentRow = Database['payments'];

/**
 * One applicant a payment attempt was started for, fixed when it started: the fee charged for them and a
 * fingerprint of everything the applicant had given (facts, answers, photos, documents). A submission takes
 * exactly these applicants, unchanged, or none.
 */
export interface PaymentApplicantsTable {
  payment_id: string;
  /** Not a foreign key: the record outlives an applicant removed after the payment started. */
  applicant_id: string;
  position: number;
  /** Minor units of the payment's currency. */
  fee: number;
  /** SHA-256 (hex) of the applicant's content when the payment started (see content.ts). */
  fingerprint: string;
}

declare module '../db/schema' {
  interface Database {
    payment_applicants: PaymentApplicantsTable;
  }
}
