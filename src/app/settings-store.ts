/**
 * The browser's runtime settings: read once at start (src/app/boot.tsx), from the page the server wrote them into or
 * from `GET /envs`, then given to the tree through `AppProviders` (React context, as the server gives each render its
 * request's) and to the browser's own services when boot starts them.
 */
import { INLINE_SETTINGS_ID, isSettingList, SETTINGS_PATH, settingsOf, type Settings } from '@/api/settings';
import type { Setting } from '@/shared/api-types';

let current: Settings = settingsOf([]);

/** The settings read at start (the defaults until then). */
export function browserSettings(): Settings {
  return current;
}

/**
 * The settings the server wrote into `doc` as `<script type="application/json" id="eta-settings">` (a data block:
 * never executed, so the Content-Security-Policy `script-src 'self'` holds), or undefined when the page has none
 * (Vite's dev server) or it does not hold a list of {key, value}.
 */
export function readInlineSettings(doc: Document): Setting[] | undefined {
  const block = doc.getElementById(INLINE_SETTINGS_ID);
  if (!block || block.getAttribute('type') !== 'application/json') return undefined;
  try {
    const body: unknown = JSON.parse(block.textContent ?? '');
    return isSettingList(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `inline`, the settings written into the page, when there are any, else loads `GET /envs` once. Rejects (and
 * leaves the defaults in place) when the call fails, answers a non-2xx status or a body that is not a list of
 * {key, value}: the caller then does not render the app.
 */
export async function loadSettings(fetchImpl: typeof fetch, inline: readonly Setting[] | undefined): Promise<Settings> {
  if (inline) return (current = settingsOf(inline));
  const response = await fetchImpl(SETTINGS_PATH, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${SETTINGS_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isSettingList(body)) throw new Error(`GET ${SETTINGS_PATH} did not answer a list of {key, value}`);
  return (current = settingsOf(body));
}
