/** Id of the JSON data block a page's data is written in (src/app/page-data.ts reads it). */
export const PAGE_DATA_ID = 'eta-page';

/**
 * Id of the JSON data block that names the modules a page's route runs on (its page, form and texts, and the app):
 * the entry (src/main.tsx) asks for them once the page has painted.
 */
export const ROUTE_MODULES_ID = 'eta-route-modules';

/**
 * Id of every page's main landmark (the skip link's target). The browser holds the page's first paint until it has
 * read the whole of it, so that the page shows at once with its heading and content, not the header first.
 */
export const MAIN_CONTENT_ID = 'main-content';

/** A page rendered by the server's entry (src/app/server-entry.tsx), as the server writes it into index.html. */
export interface RenderedPage {
  /** `<html lang>` and `<html dir>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The document title the page sets once shown. */
  title: string;
  /** Style elements for the head: the Griffel rules the page uses. */
  head: string;
  /** The markup of #root. */
  body: string;
  /** What the browser takes the page over with (src/app/page-data.ts), written as a JSON data block. */
  data: unknown;
  /** How many times React rendered the page: once when its loaders fetched all it shows. */
  renders: number;
}

/** What the server is told to send for a page request. */
export type PageOutcome =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; page: RenderedPage }
  /** A form answered with a file to download (a document's PDF). */
  | { kind: 'file'; data: Uint8Array; contentType: string; fileName: string };

/**
 * Id of the JSON data block that names, for each of the IDLE_MODULES and for the other texts of the page's language
 * (IDLE_TEXTS), the modules to fetch once the page is idle: fetched and held, not run, so that a dialog or a text
 * needed later comes at once, even when the connection has gone by then, without the work of running it before it is
 * needed (src/ui/idle-modules.ts).
 */
export const IDLE_MODULES_ID = 'eta-idle-modules';

/**
 * The modules fetched once the first page is idle (see IDLE_MODULES_ID): each the source module, from the repository
 * and without its extension, a lazy component of the shell loads (lazyComponent's `idle`).
 */
export const IDLE_MODULES = {
  siteMenuDrawer: 'src/app/shell/site-menu-drawer',
  errorDialogView: 'src/app/shell/error-dialog-view',
  closeApplicationDialog: 'src/app/shell/close-application-dialog',
  sessionTimeoutDialog: 'src/features/session-timeout/session-timeout-dialog',
} as const;

/** The key of IDLE_MODULES_ID's block under which the page's language's other texts are named. */
export const IDLE_TEXTS = 'texts';

/** What IDLE_MODULES_ID's block names modules for. */
export type IdleModule = keyof typeof IDLE_MODULES | typeof IDLE_TEXTS;

/** The Server-Timing header of a page: how many times it was rendered (`render;desc="1 pass"`). */
export function renderTiming(renders: number): string {
  return `render;desc="${renders} ${renders === 1 ? 'pass' : 'passes'}"`;
}

/** How many times a page was rendered, read from its Server-Timing header (undefined when it does not say). */
export function rendersOf(serverTiming: string | null | undefined): number | undefined {
  const match = /(?:^|,)\s*render;desc="(\d+) pass(?:es)?"/.exec(serverTiming ?? '');
  return match ? Number(match[1]) : undefined;
}
