import type { Plugin } from 'vite';

/** The font packages whose `@font-face` rules the portal's build rewrites (Poppins, from @fontsource). */
const FONT_CSS = /[\\/]node_modules[\\/]@fontsource[\\/][^?]*\.css(?:\?.*)?$/;

/** Every `font-display` of a stylesheet set to `optional`. */
export function withOptionalFonts(css: string): string {
  return css.replace(/font-display\s*:\s*[\w-]+/g, 'font-display: optional');
}

/**
 * The portal's fonts are used only when they are there for the page's first paint (`font-display: optional`), never
 * swapped in after it: the server preloads them (src/server/static/portal-page.ts), and on a connection too slow for
 * that the page keeps the fallback font until the next page, which finds them in the cache. Swapped in late (the
 * packages' own `swap`), the new glyphs would move the text they replace (docs/architecture.md, "Serving";
 * e2e/server-rendered.spec.ts holds the fonts back and looks for a layout shift).
 */
export function fontDisplayPlugin(): Plugin {
  return {
    name: 'eta-font-display',
    enforce: 'pre',
    transform: (code, id) => (FONT_CSS.test(id) ? { code: withOptionalFonts(code), map: null } : undefined),
  };
}
