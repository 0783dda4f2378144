import type { Db } from '../db/database';
import type { MrzReading } from '../passport-mrz/reader';
import { captureRepository } from './repository';
import type { PassportReadingsTable } from './tables';

/** A reading of a passport photo's MRZ as it is kept with the applicant. */
export function readingRow(applicantId: string, reading: MrzReading, readAt: string): PassportReadingsTable {
  return {
    applicant_id: applicantId,
    read: reading.read ? 1 : 0,
    check_digits_valid: reading.checkDigitsValid ? 1 : 0,
    document_number: reading.documentNumber,
    issuing_country: reading.issuingCountry,
    nationality: reading.nationality,
    date_of_birth: reading.dateOfBirth,
    date_of_expiry: reading.dateOfExpiry,
    sex: reading.sex,
    surname: reading.surname,
    given_names: reading.givenNames,
    problem: reading.problem ?? null,
    read_at: readAt,
  };
}

/** A kept reading as the reader gave it (without the lines, which are not kept). */
export function readingOfRow(row: PassportReadingsTable): MrzReading {
  const sex = row.sex === 'M' || row.sex === 'F' || row.sex === 'X' ? row.sex : null;
  const problem =
    row.problem === 'NOT_FOUND' ||
    row.problem === 'UNSURE' ||
    row.problem === 'UNREADABLE_IMAGE' ||
    row.problem === 'NO_TIME'
      ? row.problem
      : undefined;
  return {
    read: row.read === 1,
    documentNumber: row.document_number,
    issuingCountry: row.issuing_country,
    nationality: row.nationality,
    dateOfBirth: row.date_of_birth,
    dateOfExpiry: row.date_of_expiry,
    sex,
    surname: row.surname,
    givenNames: row.given_names,
    checkDigitsValid: row.check_digits_valid === 1,
    ...(problem ? { problem } : {}),
  };
}

/** What the MRZ of the applicant's accepted passport photo says, when it was looked at. */
export async function passportReadingOf(db: Db, applicantId: string): Promise<MrzReading | undefined> {
  const row = await captureRepository(db).readingOf(applicantId);
  return row ? readingOfRow(row) : undefined;
}
