import { createContext, useContext, useSyncExternalStore } from 'react';
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

let current: Settings = { ...SETTING_DEFAULTS };
const listeners = new Set<() => void>();

function isSettingList(value: unknown): value is Setting[] {
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

/** Replaces the browser's settings with the defaults overlaid by `list` and notifies `useSettings()` users. */
export function applySettings(list: readonly Setting[]): Settings {
  current = settingsOf(list);
  for (const listener of listeners) listener();
  return current;
}

/** Id of the data block the server writes into the page with the answer of `/envs` (no request needed then). */
export const INLINE_SETTINGS_ID = 'eta-settings';

/**
 * The settings the server wrote into the page as `<script type="application/json" id="eta-settings">` (a data
 * block: never executed, so the Content-Security-Policy `script-src 'self'` holds), or undefined when the page
 * has none (Vite's dev server) or it does not hold a list of {key, value}.
 */
export function readInlineSettings(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): Setting[] | undefined {
  const block = doc?.getElementById(INLINE_SETTINGS_ID);
  if (!block || block.getAttribute('type') !== 'application/json') return undefined;
  try {
    const body: unknown = JSON.parse(block.textContent ?? '');
    return isSettingList(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the settings written into the page when there are any, else loads `GET /envs` once at start. Rejects (and leaves the defaults in place) when the call fails, answers a
 * non-2xx status or a body that is not a list of {key, value}: the caller then does not render the app.
 */
export async function loadSettings(
  fetchImpl: typeof fetch = fetch,
  inline: Setting[] | undefined = readInlineSettings(),
): Promise<Settings> {
  if (inline) return applySettings(inline);
  const response = await fetchImpl(SETTINGS_PATH, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${SETTINGS_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isSettingList(body)) throw new Error(`GET ${SETTINGS_PATH} did not answer a list of {key, value}`);
  return applySettings(body);
}

/** The value of one setting, or its default ("" for unknown keys). */
export function getSetting(key: SettingKey | (string & {})): string {
  return current[key] ?? '';
}

/** All settings (defaults overlaid by `/envs`). */
export function getSettings(): Settings {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The settings of the request a server render is for (src/app/server-entry.tsx provides them for each render); in
 * the browser there is none, and the page's own settings apply.
 */
export const SettingsContext = createContext<Settings | undefined>(undefined);

/** React hook: all runtime settings (the request's, on the server). */
export function useSettings(): Settings {
  const given = useContext(SettingsContext);
  const own = useSyncExternalStore(subscribe, getSettings, getSettings);
  return given ?? own;
}
