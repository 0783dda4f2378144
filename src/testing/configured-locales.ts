/**
 * The locale files the portal is built from (LOCALES_DIR when set, an editor's edited copy; else locales/), by
 * "<lng>/<namespace>": tests read the texts they expect from here, so they hold on any copy of the configuration.
 */
const files = import.meta.glob<Record<string, unknown>>('@locales/*/*.json', { eager: true, import: 'default' });

export const localeFiles: Readonly<Record<string, Record<string, unknown>>> = Object.fromEntries(
  Object.entries(files).flatMap(([path, json]) => {
    const match = /\/([^/]+)\/([^/]+)\.json$/.exec(path);
    return match ? [[`${match[1]}/${match[2]}`, json]] : [];
  }),
);

/** One namespace of one language (undefined when the file does not exist). */
export function localeFile(lng: string, namespace: string): Record<string, unknown> | undefined {
  return localeFiles[`${lng}/${namespace}`];
}
