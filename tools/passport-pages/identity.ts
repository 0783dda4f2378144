import { mrzName } from '../../src/server/passport-mrz/transliterate';
import type { Td3Fields } from '../../src/server/passport-mrz/td3';
import type { Random } from './random';

/**
 * The made-up holders and documents of the generated passport pages: names with the accents and punctuation passports
 * print (and their MRZ forms), countries, document numbers and dates.
 */

const COUNTRIES: readonly (readonly [string, string])[] = [
  ['GBR', 'United Kingdom'],
  ['D', 'Deutschland'],
  ['FRA', 'République française'],
  ['NLD', 'Nederland'],
  ['ESP', 'España'],
  ['SWE', 'Sverige'],
  ['NOR', 'Norge'],
  ['DNK', 'Danmark'],
  ['POL', 'Polska'],
  ['TUR', 'Türkiye'],
  ['ZAF', 'South Africa'],
  ['NGA', 'Nigeria'],
  ['KEN', 'Kenya'],
  ['IND', 'India'],
  ['JPN', 'Japan'],
  ['BRA', 'Brasil'],
  ['MEX', 'México'],
  ['CAN', 'Canada'],
  ['AUS', 'Australia'],
  ['IRL', 'Éire / Ireland'],
  ['ITA', 'Italia'],
  ['PRT', 'Portugal'],
  ['UKR', 'Ukraine'],
  ['FIN', 'Suomi'],
  ['AUT', 'Österreich'],
  ['CZE', 'Česká republika'],
  ['VNM', 'Việt Nam'],
  ['EGY', 'Egypt'],
];

const SURNAMES = [
  'Müller',
  'Dubois-Müller',
  'Ødegård',
  'Núñez García',
  "O'Connor",
  'Strauß',
  'Łukasiewicz',
  'Çelik',
  'Şahin',
  'Nguyễn',
  'Kowalska',
  'van der Berg',
  'Åberg',
  'Björklund',
  'Fernández-López',
  'Okonkwo',
  'Smith',
  'Æbeltoft',
  'Dvořák',
  'Schröder',
  'Lindqvist',
  "D'Souza",
  'McAllister',
  'Al-Rashid',
  'Moreau',
  'Yamamoto',
  'Petrović',
  'Jørgensen',
  'Håkansson',
  'Ibáñez',
  'Øverby-Lund',
  'Zieliński',
  'Gómez',
  'Oyelaran',
  'Bianchi',
  'Kärkkäinen',
];

const GIVEN_NAMES = [
  'Anna Maria',
  'Jörg',
  'Zoë',
  'Chloé',
  'Łucja',
  'Søren',
  'Ægir',
  'José Luis',
  'Marie-Hélène',
  'Ólafur',
  'Inês',
  'François',
  'Siobhán',
  'Nuño',
  'Björn',
  'Çağla',
  'Thị Thu',
  'Jean-Baptiste',
  'Ahmed',
  'Chidi',
  'Priya',
  'Kenji',
  'Aleksandr',
  'Greta',
  'Zoltán',
  'Małgorzata',
  'Sébastien',
  'Rüdiger',
  'Åse',
  'Ingrid',
  'Wei',
  'Mateus',
  'Oluwaseun',
  'Eóin',
];

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

function documentNumber(rng: Random): string {
  const shape = rng.pick(['LLDDDDDDD', 'DDDDDDDDD', 'LDDDDDDDD', 'LLLDDDDDD', 'DDDDDDDD', 'LDDDDDDDL', 'CCCCCCCCC']);
  return [...shape]
    .map((kind) =>
      kind === 'L' ? rng.pick([...LETTERS]) : kind === 'D' ? rng.pick([...DIGITS]) : rng.pick([...(LETTERS + DIGITS)]),
    )
    .join('');
}

function date(rng: Random, from: number, to: number): { year: number; month: number; day: number } {
  const year = rng.int(from, to);
  const month = rng.int(1, 12);
  const day = rng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return { year, month, day };
}

const two = (n: number) => String(n).padStart(2, '0');
const yymmdd = (d: { year: number; month: number; day: number }) => `${two(d.year % 100)}${two(d.month)}${two(d.day)}`;
export const iso = (d: { year: number; month: number; day: number }) => `${d.year}-${two(d.month)}-${two(d.day)}`;
export const printedDate = (d: { year: number; month: number; day: number }) =>
  `${two(d.day)} ${MONTHS[d.month - 1]} ${d.year}`;

/** One holder and document. */
export function identity(rng: Random) {
  const [issuing, countryName] = rng.pick(COUNTRIES);
  const nationality = rng.next() < 0.85 ? issuing : rng.pick(COUNTRIES)[0];
  const surname =
    rng.next() < 0.2 ? `${rng.pick(SURNAMES)}-${rng.pick(SURNAMES)}`.replace(/-(\w)/, '-$1') : rng.pick(SURNAMES);
  const givenNames = rng.next() < 0.25 ? `${rng.pick(GIVEN_NAMES)} ${rng.pick(GIVEN_NAMES)}` : rng.pick(GIVEN_NAMES);
  let mrzSurname = mrzName(surname);
  let mrzGiven = mrzName(givenNames);
  // The names field holds 39 characters: these pages keep the whole name (a shorter given name when it would not fit).
  if (mrzSurname.length + 2 + mrzGiven.length > 39) mrzGiven = mrzGiven.split('<')[0].slice(0, 37 - mrzSurname.length);
  if (mrzSurname.length + 2 + mrzGiven.length > 39) mrzSurname = mrzSurname.slice(0, 20);
  const born = date(rng, 1940, 2021);
  const expires = date(rng, 2026, 2036);
  const issued = { ...expires, year: expires.year - 10 };
  const sex = rng.pick(['M', 'F', 'M', 'F', '<'] as const);
  const personal =
    rng.next() < 0.5
      ? ''
      : [...Array(rng.int(6, 14))].map(() => rng.pick([...(DIGITS + LETTERS.slice(0, 8))])).join('');
  const fields: Td3Fields = {
    issuingCountry: issuing,
    surname: mrzSurname,
    givenNames: mrzGiven,
    documentNumber: documentNumber(rng),
    nationality,
    dateOfBirth: yymmdd(born),
    sex,
    dateOfExpiry: yymmdd(expires),
    personalNumber: personal,
  };
  return { fields, countryName, surname, givenNames, born, expires, issued };
}
