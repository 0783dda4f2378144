import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx's `Markdown` in rjsf (vite.config.ts aliases `markdown-to-jsx/react` here): no
 * form of the portal turns on `enableMarkdownInDescription` or `enableMarkdownInHelp`, and the remaining uses
 * are rjsf's messages about a broken schema, so the text is shown as it is and the 27 kB parser never ships.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
