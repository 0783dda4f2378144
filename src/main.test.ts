import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** The modules a source file imports statically (not `import type`, not `import()`), as written. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
    specifiers.push(match[1]);
  }
  return specifiers;
}

/** The source file `specifier` names from `from`, or undefined for a package; throws for a file it cannot find. */
function resolve(specifier: string, from: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.join(path.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  const file = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  // A module left unread would leave its imports unchecked.
  if (!file) throw new Error(`${path.relative(SRC, from)} imports ${specifier}, which names no source file`);
  return file;
}

/** Every package the entry's static import graph reaches, with the first module that imports it. */
function packagesReached(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.css$/.test(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const resolved = resolve(specifier, file);
      if (resolved) queue.push(resolved);
      else if (!packages.has(specifier)) packages.set(specifier, path.relative(SRC, file));
    }
  }
  return packages;
}

describe("the entry's own module (src/main.tsx)", () => {
  it('runs without React or any other package but the fonts, so it starts as soon as it arrives', () => {
    // Anything more would be fetched, as a static import, before the entry runs and before the page's first paint.
    const reached = [...packagesReached(path.join(SRC, 'main.tsx'))].filter(
      ([name]) => !name.startsWith('@fontsource/'),
    );
    expect(reached).toEqual([]);
  });

  it('finds the packages a module imports (the check above can fail)', () => {
    expect([...packagesReached(path.join(SRC, 'ui', 'use-hydrated.ts')).keys()]).toContain('react');
  });
});
