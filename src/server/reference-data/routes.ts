import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import countries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { API_PATHS, REFERENCE_LISTS, type Country, type ReferenceLists } from '../../shared/contract';
import { availableLanguages, languageOf } from '../i18n';
import { loadRouteSchemas, type RouteSchemaTypes } from '../openapi/public';
import { loadPaymentsConfig } from '../payments/public';

const DEFINITIONS_FILE = fileURLToPath(new URL('../../../schemas/definitions.schema.json', import.meta.url));

/** Collects every list of allowed values in a schema: `enum` arrays and `oneOf`/`anyOf` lists of `const`. */
function collectEnums(node: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) {
    for (const item of node) collectEnums(item, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.enum)) found.push(record.enum);
  for (const keyword of ['oneOf', 'anyOf']) {
    const options = record[keyword];
    if (
      Array.isArray(options) &&
      options.length > 0 &&
      options.every((o) => o && typeof o === 'object' && 'const' in o)
    ) {
      found.push(options.map((o) => (o as { const: unknown }).const));
    }
  }
  for (const value of Object.values(record)) collectEnums(value, found);
  return found;
}

/** Reads the reference lists out of a definitions schema; lists it does not hold are left out. */
export function referenceLists(definitions: unknown): ReferenceLists {
  const enums = collectEnums(definitions).filter((values) => values.every((v) => typeof v === 'string')) as string[][];
  const lists: ReferenceLists = {};
  for (const [name, markers] of Object.entries(REFERENCE_LISTS) as [keyof ReferenceLists, readonly string[]][]) {
    const match = enums
      .filter((values) => markers.every((marker) => values.includes(marker)))
      // The smallest list holding every marker is the list itself, not a union that reuses its values.
      .sort((a, b) => a.length - b.length)[0];
    if (match) lists[name] = [...match];
  }
  return lists;
}

let cachedLists: ReferenceLists | undefined;

function staticLists(): ReferenceLists {
  if (!cachedLists) {
    cachedLists = existsSync(DEFINITIONS_FILE)
      ? referenceLists(JSON.parse(readFileSync(DEFINITIONS_FILE, 'utf8')))
      : {};
  }
  return cachedLists;
}

/** Lower-cases and strips accents so that "reunion" finds "Réunion". */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

interface IndexedCountry extends Country {
  folded: string;
}

const countryLists = new Map<string, IndexedCountry[]>();
const MAX_CACHED_LOCALES = 50;

/** Every ISO 3166-1 alpha-2 country, named in `locale`, sorted by that name the way `locale` sorts. */
function indexedCountries(locale: string): IndexedCountry[] {
  const cached = countryLists.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const list = Object.keys(countries.getAlpha2Codes())
    .map((code): IndexedCountry => {
      const name = names.of(code) ?? code;
      const callingCode = isSupportedCountry(code) ? getCountryCallingCode(code) : undefined;
      return { code, name, ...(callingCode ? { callingCode } : {}), folded: fold(name) };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  if (countryLists.size >= MAX_CACHED_LOCALES) countryLists.clear();
  countryLists.set(locale, list);
  return list;
}

/** Countries whose localised name contains `search`, or whose code or calling code is `search`. */
export function searchCountries(locale: string, search = ''): Country[] {
  const query = fold(search.trim());
  const list = indexedCountries(locale);
  const matches = query
    ? list.filter(
        (country) =>
          country.folded.includes(query) ||
          country.code.toLowerCase() === query ||
          (country.callingCode !== undefined && country.callingCode === query.replace(/^\+/, '')),
      )
    : list;
  return matches.map(({ code, name, callingCode }) => (callingCode ? { code, name, callingCode } : { code, name }));
}

/** A locale Intl can name regions in, or undefined. */
function usableLocale(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.DisplayNames.supportedLocalesOf([tag])[0];
  } catch {
    return undefined;
  }
}

/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/** GET /api/eta/static, /api/eta/static/countries and /api/eta/static/client-settings. */
export const referenceDataRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  app.get(API_PATHS.static, { schema: schemaOf('getReferenceLists') }, async () => staticLists());

  app.get(`${API_PATHS.static}/countries`, { schema: schemaOf('listCountries') }, async (request) => {
    const locale = usableLocale(request.query.lang) ?? languageOf(request);
    return searchCountries(locale, request.query.search);
  });

  const { fees, currency } = loadPaymentsConfig();
  const clientSettings = {
    maxApplicantsPerApplication: app.config.maxApplicants,
    sessionWarningSeconds: app.config.sessionWarningSeconds,
    accessTokenLifetimeSeconds: app.config.accessTokenTtlSeconds,
    refreshTokenLifetimeSeconds: app.config.refreshTokenTtlSeconds,
    languages: availableLanguages(),
    // The fee per applicant of each application type, in minor units of `currency`.
    fees,
    currency,
  };
  app.get(`${API_PATHS.static}/client-settings`, { schema: schemaOf('getClientSettings') }, async () => clientSettings);
};
