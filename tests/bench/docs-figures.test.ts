import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIGURES_END, FIGURES_START, withFigures } from './docs-figures';

describe('the figures npm run bench -- --write-docs writes', () => {
  it('replace what is between the markers and nothing else', () => {
    const page = `# Performance\n\n${FIGURES_START}\nold table\n${FIGURES_END}\n\nReading them.\n`;
    expect(withFigures(page, '| new | table |\n')).toBe(
      `# Performance\n\n${FIGURES_START}\n| new | table |\n${FIGURES_END}\n\nReading them.\n`,
    );
  });

  it('refuse a page without the markers', () => {
    expect(() => withFigures('# Performance\n', 'table')).toThrow(FIGURES_START);
  });

  it('have their place in docs/performance.md', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'performance.md'), 'utf8');
    expect(() => withFigures(page, 'table')).not.toThrow();
  });
});
