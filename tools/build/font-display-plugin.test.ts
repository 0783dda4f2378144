import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontDisplayPlugin, withOptionalFonts } from './font-display-plugin';

const ROOT = join(import.meta.dirname, '..', '..');
const transform = (code: string, id: string) => {
  const hook = fontDisplayPlugin().transform as (code: string, id: string) => { code: string } | undefined;
  return hook(code, id);
};

describe('fontDisplayPlugin', () => {
  it("makes every @font-face of the portal's Poppins files optional", () => {
    for (const weight of ['400', '500', '600']) {
      const file = join(ROOT, 'node_modules', '@fontsource', 'poppins', `${weight}.css`);
      const css = readFileSync(file, 'utf8');
      const faces = css.match(/@font-face\s*{[^}]*}/g) ?? [];
      expect(faces.length).toBeGreaterThan(0);
      const out = transform(css, file)?.code ?? '';
      const rewritten = out.match(/@font-face\s*{[^}]*}/g) ?? [];
      expect(rewritten).toHaveLength(faces.length);
      for (const face of rewritten) expect(face).toMatch(/font-display: optional;/);
      expect(out).not.toMatch(/font-display:\s*swap/);
    }
  });

  it('leaves other stylesheets and modules alone', () => {
    const css = '@font-face{font-family:X;font-display:swap}';
    expect(transform(css, join(ROOT, 'src', 'app', 'shell', 'base.css'))).toBeUndefined();
    expect(transform('export {}', join(ROOT, 'node_modules', '@fontsource', 'poppins', 'index.js'))).toBeUndefined();
    expect(transform(css, '/x/node_modules/@fontsource/poppins/400.css?used')?.code).toBe(
      '@font-face{font-family:X;font-display: optional}',
    );
  });

  it('rewrites any value and spacing', () => {
    expect(withOptionalFonts('a{font-display : fallback;} b{font-display:block}')).toBe(
      'a{font-display: optional;} b{font-display: optional}',
    );
  });
});
