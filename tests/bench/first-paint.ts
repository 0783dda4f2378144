/**
 * What each route needs before its first paint. Every route is opened as the accessibility walk opens it
 * (e2e/support/route-views.ts: signed in where its guard asks, with an application at the right step, decided ones
 * for the outcome pages) in Chromium with JavaScript disabled, in every language of locales/. A route whose page then
 * shows its heading and content in `<main>` with no spinner, in every language and every way it is opened, paints
 * without JavaScript: its JavaScript before first paint is none. Any other route's first paint counts everything it
 * loads. The walk itself, in Chromium on a portal of its own, is first-paint-walk.ts.
 */

export interface Sizes {
  gzip: number;
  brotli: number;
}

/** A route's JavaScript before its first paint: none when it was seen painted without it, else all it loads. */
export function beforeFirstPaint(route: string, toInteractive: Sizes, paintedWithout: ReadonlySet<string>): Sizes {
  return paintedWithout.has(route) ? { gzip: 0, brotli: 0 } : toInteractive;
}

export interface FirstPaintCheck {
  /** The route's path (or the error page's name). */
  route: string;
  /** The way it was opened (a route with more than one: e.g. `/applications/application (2)`). */
  view: string;
  /** Languages whose page showed its heading and content without JavaScript. */
  shown: string[];
  /** Languages whose page did not, with what `<main>` held instead. */
  missing: { language: string; found: string }[];
}

/** The routes whose first paint was seen, in every language and every way they are opened, to need no JavaScript. */
export function paintedWithoutScripts(checks: FirstPaintCheck[]): Set<string> {
  const routes = new Set(checks.map((c) => c.route));
  return new Set(
    [...routes].filter((route) =>
      checks.filter((c) => c.route === route).every((c) => c.shown.length > 0 && c.missing.length === 0),
    ),
  );
}
