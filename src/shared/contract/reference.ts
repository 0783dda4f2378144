import type { FromSchema } from 'json-schema-to-ts';
import { APPLICATION_TYPES, type ApplicationType } from './enums';
import { PAYMENT_CURRENCY } from './payments';
import { closedObject } from './closed-object';

/** What the reference data calls answer (see applications.ts for how the schemas are used). */

export const countrySchema = closedObject(
  {
    code: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.' },
    name: { type: 'string', description: "The country's name in the language asked for." },
    callingCode: {
      type: 'string',
      pattern: '^[0-9]{1,4}$',
      description: "International dialling code without '+', when known.",
    },
  },
  { optional: ['callingCode'] },
);
export type Country = FromSchema<typeof countrySchema>;

/** A runtime setting from GET /envs. */
export interface Setting {
  key: string;
  value: string;
}

/**
 * Each reference list of GET /static, by its name in the answer, with a value only that list holds: the list is
 * found in schemas/definitions.schema.json by those values, whatever its definition is named.
 */
export const REFERENCE_LISTS = {
  airports: ['OR_TAMBO_INTERNATIONAL_AIRPORT'],
  maritalStatuses: ['CUSTOMARY_UNION'],
  occupationTypes: ['ECCLESIASTICAL'],
  purposesOfVisit: ['VACATION_HOLIDAY'],
  titles: ['LT_COL'],
  applicationTypes: ['ETA_SECTION_11_1'],
  photoTypes: ['PASSPORT_PHOTO', 'SELFIE'],
  emailActions: ['RESET_PASSWORD', 'VERIFY_EMAIL'],
  captureTypes: ['biometrics', 'passport'],
  routeFrom: ['web', 'mobile'],
  captureStatuses: ['success', 'failure'],
} as const satisfies Record<string, readonly string[]>;
export type ReferenceListName = keyof typeof REFERENCE_LISTS;

/** The answer to GET /static. */
export const referenceListsSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    "The lists of allowed values held by schemas/definitions.schema.json, each in the definitions' order; a list the definitions do not hold is left out.",
  properties: Object.fromEntries(
    Object.keys(REFERENCE_LISTS).map((name) => [name, { type: 'array', items: { type: 'string' } }]),
  ) as Record<ReferenceListName, { type: 'array'; items: { type: 'string' } }>,
} as const;
export type ReferenceLists = Partial<Record<ReferenceListName, string[]>>;

/** The answer to GET /static/client-settings: the settings the portal's pages follow. */
export const clientSettingsSchema = closedObject({
  maxApplicantsPerApplication: {
    type: 'integer',
    minimum: 1,
    description: 'MAX_APPLICANTS (default 10); an application for oneself only takes one.',
  },
  sessionWarningSeconds: {
    type: 'integer',
    minimum: 0,
    description:
      'SESSION_WARNING_SECONDS (default 120): how long before the end of an inactive session the warning shows.',
  },
  accessTokenLifetimeSeconds: { type: 'integer', description: 'ACCESS_TOKEN_TTL_SECONDS (default 900).' },
  refreshTokenLifetimeSeconds: { type: 'integer', description: 'REFRESH_TOKEN_TTL_SECONDS (default 3600).' },
  languages: {
    type: 'array',
    items: { type: 'string' },
    description: 'The languages of the service (the folders of locales/).',
  },
  fees: {
    type: 'object',
    additionalProperties: false,
    required: APPLICATION_TYPES,
    properties: Object.fromEntries(APPLICATION_TYPES.map((type) => [type, { type: 'integer', minimum: 0 }])) as Record<
      ApplicationType,
      { type: 'integer'; minimum: 0 }
    >,
    description:
      'The fee per applicant of each application type, in cents of `currency`: FEE_ETA (default 50000) and FEE_ETA_SECTION_11_1 (default 42500).',
  },
  currency: { const: PAYMENT_CURRENCY, description: 'The currency of every fee.' },
});
export type ClientSettings = FromSchema<typeof clientSettingsSchema>;
