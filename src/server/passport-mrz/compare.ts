import countries from 'i18n-iso-countries';
import type { MrzReading } from './read';
import { mrzNameMatches, transliterable } from './transliterate';

/**
 * What a passport's machine-readable zone says, in the terms of the application form, and how it stands against the
 * applicant's answers: the reading fills in an empty answer and is shown beside one that differs.
 */

/** The answers of the application form that the MRZ also holds, in the order the form asks them. */
export const MRZ_FORM_FIELDS = [
  'givenNames',
  'familyName',
  'sex',
  'dateOfBirth',
  'nationality',
  'passportNumber',
  'passportIssuingCountry',
  'passportExpiryDate',
] as const;
export type MrzFormField = (typeof MRZ_FORM_FIELDS)[number];

/** The MRZ's own codes that are not ISO 3166-1 alpha-3 (ICAO 9303 Part 3): Germany, and the kinds of British nationals. */
const MRZ_COUNTRIES: Record<string, string> = { D: 'DE', GBD: 'GB', GBN: 'GB', GBO: 'GB', GBP: 'GB', GBS: 'GB' };

/** The two-letter country (as the form keeps it) of an MRZ's three-letter code, or undefined (UNO, XXA, ...). */
export function countryOfMrz(code: string | null): string | undefined {
  if (!code) return undefined;
  const clean = code.replace(/</g, '');
  return MRZ_COUNTRIES[clean] ?? countries.alpha3ToAlpha2(clean) ?? undefined;
}

const SEX = { M: 'MALE', F: 'FEMALE', X: 'UNSPECIFIED' } as const;

/** A name as the MRZ writes it (`DUBOIS MUELLER`) in the form's letters (`Dubois Mueller`). */
function displayName(mrz: string): string {
  return mrz
    .toLowerCase()
    .split(/[\s<]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
}

/** What a reading says, field by field of the form; empty when the MRZ was not read with valid check digits. */
export function formValuesOf(reading: MrzReading): Partial<Record<MrzFormField, string>> {
  if (!reading.read || !reading.checkDigitsValid) return {};
  const values: Partial<Record<MrzFormField, string>> = {
    givenNames: reading.givenNames ? displayName(reading.givenNames) : undefined,
    familyName: reading.surname ? displayName(reading.surname) : undefined,
    sex: reading.sex ? SEX[reading.sex] : undefined,
    dateOfBirth: reading.dateOfBirth ?? undefined,
    nationality: countryOfMrz(reading.nationality),
    passportNumber: reading.documentNumber?.replace(/</g, '') || undefined,
    passportIssuingCountry: countryOfMrz(reading.issuingCountry),
    passportExpiryDate: reading.dateOfExpiry ?? undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Partial<
    Record<MrzFormField, string>
  >;
}

/** One answer that differs from the passport: the value read and the one typed. */
export interface MrzMismatch {
  field: MrzFormField;
  read: string;
  typed: string;
}

export interface MrzComparison {
  /** The reading's values for the answers still empty: the page shows them filled in. */
  prefill: Partial<Record<MrzFormField, string>>;
  mismatches: MrzMismatch[];
}

/** The MRZ's name field has room for 39 characters (line 1 after `P<` and the issuing state): a longer name is cut. */
const NAME_ROOM = 39;

function namesTruncated(reading: MrzReading): boolean {
  return (reading.surname?.length ?? 0) + 2 + (reading.givenNames?.length ?? 0) >= NAME_ROOM;
}

/** Whether one typed answer agrees with the passport. Names compare by ICAO transliteration; the rest exactly. */
function agrees(field: MrzFormField, typed: string, reading: MrzReading, read: string): boolean {
  if (field === 'givenNames' || field === 'familyName') {
    // A name in a script the transliteration table does not cover cannot be compared: it is left as typed.
    if (!transliterable(typed)) return true;
    const mrz = field === 'givenNames' ? reading.givenNames : reading.surname;
    return mrzNameMatches(typed, mrz ?? '', namesTruncated(reading));
  }
  if (field === 'passportNumber') return typed.trim().toUpperCase() === read;
  return typed.trim() === read;
}

/** How the answers stand against a reading: what it fills in, and where they differ. */
export function compareWithForm(reading: MrzReading, answers: Record<string, unknown>): MrzComparison {
  const values = formValuesOf(reading);
  const prefill: Partial<Record<MrzFormField, string>> = {};
  const mismatches: MrzMismatch[] = [];
  for (const field of MRZ_FORM_FIELDS) {
    const read = values[field];
    if (read === undefined) continue;
    const typed = answers[field];
    if (typed === undefined || typed === null || (typeof typed === 'string' && typed.trim() === '')) {
      prefill[field] = read;
    } else if (typeof typed === 'string' && !agrees(field, typed, reading, read)) {
      mismatches.push({ field, read, typed });
    }
  }
  return { prefill, mismatches };
}

/**
 * Whether the passport photo shows this very passport: its MRZ was read, every check digit holds, and it says this
 * number (upper-cased, as numbers are kept) and this issuing country (two letters, as the form keeps it).
 */
export function readingShowsPassport(
  reading: Pick<MrzReading, 'read' | 'checkDigitsValid' | 'documentNumber' | 'issuingCountry'>,
  passportCountry: string,
  passportNumber: string,
): boolean {
  return (
    reading.read &&
    reading.checkDigitsValid &&
    reading.documentNumber?.replace(/</g, '') === passportNumber &&
    countryOfMrz(reading.issuingCountry) === passportCountry
  );
}
