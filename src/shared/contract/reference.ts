import type { FromSchema } from 'json-schema-to-ts';

/** What the reference data calls answer (see applications.ts for how the schemas are used). */

export const countrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'name'],
  properties: {
    code: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.' },
    name: { type: 'string', description: "The country's name in the language asked for." },
    callingCode: {
      type: 'string',
      pattern: '^[0-9]{1,4}$',
      description: "International dialling code without '+', when known.",
    },
  },
} as const;
export type Country = FromSchema<typeof countrySchema>;

/** A runtime setting from GET /envs. */
export interface Setting {
  key: string;
  value: string;
}
