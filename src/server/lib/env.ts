/**
 * Reading settings from the environment. Each area of the server describes its variables as a JSON Schema
 * (`SettingsSchema`); `readSettings` checks and converts them with env-schema (Ajv, types coerced, defaults filled
 * in) and answers a plain message naming the variable when one cannot be used.
 */
import envSchema from 'env-schema';
import Ajv, { type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

/** Environment as read by the server: any string map (process.env or a test fixture). */
export type Env = Record<string, string | undefined>;

/** A setting that cannot be used as given; the server does not start. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** One environment variable: its type, its bounds or pattern, its default; `errorMessage` says what a pattern wants. */
export type SettingSchema =
  | { type: 'integer'; minimum: number; maximum: number; default?: number }
  | { type: 'boolean'; default?: boolean }
  | {
      type: 'string';
      default?: string;
      enum?: readonly string[];
      pattern?: string;
      format?: 'uri';
      minLength?: number;
      errorMessage?: string;
    };

/** The variables an area of the server reads, by name. */
export interface SettingsSchema {
  type: 'object';
  properties: Record<string, SettingSchema>;
}

type SettingValue<S> = S extends { type: 'integer' } ? number : S extends { type: 'boolean' } ? boolean : string;

/** The values of a `SettingsSchema`: a variable with a default always has one, any other may be unset. */
export type Settings<T extends SettingsSchema> = {
  [K in keyof T['properties']]: T['properties'][K] extends { default: unknown }
    ? SettingValue<T['properties'][K]>
    : SettingValue<T['properties'][K]> | undefined;
};

/** An http(s) address, as the pattern of a string setting (the trailing slashes are dropped by `withoutTrailingSlash`). */
export const HTTP_URL = {
  type: 'string',
  format: 'uri',
  pattern: '^https?://[^\\s/?#]+[^\\s]*$',
  errorMessage: 'must be an http(s) URL',
} as const;

/**
 * Reads the variables `schema` names from `env`: values are trimmed, and a blank one counts as unset. Throws a
 * ConfigError naming every variable that cannot be used, with what it must be and what it was.
 */
export function readSettings<T extends SettingsSchema>(schema: T, env: Env): Settings<T> {
  const given: Record<string, string> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = text(env, key);
    if (value !== undefined) given[key] = value;
  }
  try {
    return envSchema({ schema: closed(schema), data: given, env: false, ajv: AJV }) as Settings<T>;
  } catch (error) {
    const problems = (error as { errors?: ErrorObject[] }).errors;
    if (!problems) throw error;
    throw new ConfigError(problems.map((problem) => wording(schema, given, problem)).join('; '));
  }
}

/** env-schema's own Ajv options (types coerced, defaults filled in, every problem reported), with ajv-errors and URIs. */
const AJV = ajvErrors(
  addFormats(
    new Ajv({ allErrors: true, removeAdditional: true, useDefaults: true, coerceTypes: true, addUsedSchema: false }),
    ['uri'],
  ),
);

/** env-schema closes the schema it is given (additionalProperties: false): one copy per schema, compiled once. */
const closedCopies = new WeakMap<SettingsSchema, SettingsSchema>();
function closed(schema: SettingsSchema): SettingsSchema {
  let copy = closedCopies.get(schema);
  if (!copy) closedCopies.set(schema, (copy = { ...schema }));
  return copy;
}

function wording(schema: SettingsSchema, given: Record<string, string>, problem: ErrorObject): string {
  const key = problem.instancePath.slice(1);
  const setting = schema.properties[key];
  const got = `got "${given[key]}"`;
  if (!setting) return `${key} ${problem.message ?? 'cannot be used'}, ${got}`;
  if (setting.type === 'integer') {
    if (problem.keyword === 'type') return `${key} must be a whole number, ${got}`;
    return `${key} must be between ${setting.minimum} and ${setting.maximum}, ${got}`;
  }
  if (setting.type === 'boolean') return `${key} must be true or false, ${got}`;
  if (problem.keyword === 'enum' && setting.enum) return `${key} must be one of ${setting.enum.join(', ')}, ${got}`;
  if (problem.keyword === 'minLength') return `${key} must be at least ${setting.minLength} characters long`;
  return `${key} ${setting.errorMessage ?? problem.message}, ${got}`;
}

/** A setting read as given (trimmed), for the credentials that are text or a file's path; undefined when blank. */
export function text(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

/** An address as the server uses it: without the slashes it may have been given with. */
export function withoutTrailingSlash(address: string): string {
  return address.replace(/\/+$/, '');
}
