/**
 * `npm run bench -- --write-docs`: the run's summary table written into docs/performance.md, between the markers of
 * its "Last figures" section, with the date, the machine and the command, in place of the table there before. The
 * figures of the docs are so always those of one run, never a history kept by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIGURES_START = '<!-- bench:figures -->';
export const FIGURES_END = '<!-- /bench:figures -->';
const PAGE = join(import.meta.dirname, '..', '..', 'docs', 'performance.md');

/** The page's text with `figures` between the markers; an error when the page lacks them. */
export function withFigures(page: string, figures: string): string {
  const start = page.indexOf(FIGURES_START);
  const end = page.indexOf(FIGURES_END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${FIGURES_START} ... ${FIGURES_END}`);
  return `${page.slice(0, start + FIGURES_START.length)}\n${figures.trim()}\n${page.slice(end)}`;
}

/** Writes the run's figures into docs/performance.md. */
export function writeFigures(figures: string): void {
  writeFileSync(PAGE, withFigures(readFileSync(PAGE, 'utf8'), figures));
}
