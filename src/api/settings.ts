import { createContext, useContext } from 'react';
import type { Setting } from '@/shared/api-types';

/** The runtime settings the portal knows; `/envs` may carry others, which are kept as well. */
export type SettingKey =
  | 'API_URL'
  | 'FRONT_END_URL'
  | 'DEPARTMENT_URL'
  | 'GOV_PORTAL_URL'
  | 'FACEBOOK_URL'
  | 'X_URL'
  | 'YOUTUBE_URL'
  | 'INSTAGRAM_URL'
  | 'TERMS_URL'
  | 'PAIA_URL'
  | 'FORM_PREVIEW'
  | 'DEV_MAILBOX'
  | 'SESSION_WARNING_SECONDS'
  | 'SESSION_IDLE_SECONDS'
  | 'PHONE_URL';

export type Settings = Readonly<Record<string, string>>;

/**
 * Values used when `/envs` does not carry a key. API_URL "" means the origin that served the page, which is
 * the local host in development (the spec's default API base) and the portal's own host when deployed.
 */
export const SETTING_DEFAULTS: Readonly<Record<SettingKey, string>> = {
  API_URL: '',
  FRONT_END_URL: '',
  DEPARTMENT_URL: '',
  GOV_PORTAL_URL: '',
  FACEBOOK_URL: '',
  X_URL: '',
  YOUTUBE_URL: '',
  INSTAGRAM_URL: '',
  TERMS_URL: '',
  PAIA_URL: '',
  FORM_PREVIEW: import.meta.env.MODE === 'production' ? 'false' : 'true',
  DEV_MAILBOX: 'false',
  SESSION_WARNING_SECONDS: '120',
  SESSION_IDLE_SECONDS: '1800',
  PHONE_URL: '',
};

/** Path of the settings endpoint, always on the origin that served the page. */
export const SETTINGS_PATH = '/envs';

/** Id of the data block the server writes into the page with the answer of `/envs` (no request needed then). */
export const INLINE_SETTINGS_ID = 'eta-settings';

/** Whether `value` is what `/envs` answers: a list of {key, value} strings. */
export function isSettingList(value: unknown): value is Setting[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Setting).key === 'string' &&
        typeof (entry as Setting).value === 'string',
    )
  );
}

/** The defaults overlaid by `list`. */
export function settingsOf(list: readonly Setting[]): Settings {
  const next: Record<string, string> = { ...SETTING_DEFAULTS };
  for (const { key, value } of list) next[key] = value;
  return Object.freeze(next);
}

/** The defaults alone: what a tree given no settings reads. */
const DEFAULT_SETTINGS = settingsOf([]);

/**
 * The runtime settings of the tree: src/app/server-entry.tsx gives each server render its request's, and the
 * browser's entry (src/app/boot.tsx) the settings it read at start, both through `AppProviders`.
 */
export const SettingsContext = createContext<Settings>(DEFAULT_SETTINGS);

/** React hook: all runtime settings (defaults overlaid by `/envs`). */
export function useSettings(): Settings {
  return useContext(SettingsContext);
}
