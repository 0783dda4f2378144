import type { Plugin } from 'vite';

/** The font packages whose `@font-face` rules the portal's build rewrites (Poppins, from @fontsource). */
const FONT_CSS = /[\\/]node_modules[\\/]@fontsource[\\/][^?]*\.css(?:\?.*)?$/;

/** Every `font-display` of a stylesheet set to `display`. */
export function withFontDisplay(css: string, display: string): string {
  return css.replace(/font-display\s*:\s*[\w-]+/g, `font-display: ${display}`);
}

/**
 * The portal's fonts are used only when they are there for the page's first paint (`font-display: optional`), never
 * swapped in after it: the server preloads them (src/server/static/portal-page.ts), and on a connection too slow for
 * that the page keeps the fallback font until the next page, which finds them in the cache. Swapped in late (the
 * packages' own `swap`), the new glyphs move the text they replace: with Poppins held back 1.5 s the home page shifted
 * by 0.043 at 375 px, the FAQ by 0.021, sign-in and registration by 0.002.
 */
export function fontDisplayPlugin(display = 'optional'): Plugin {
  return {
    name: 'eta-font-display',
    enforce: 'pre',
    transform: (code, id) => (FONT_CSS.test(id) ? { code: withFontDisplay(code, display), map: null } : undefined),
  };
}
