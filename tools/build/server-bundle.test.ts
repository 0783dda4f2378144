import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './server-bundle';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package a bare import names ("@scope/name" or "name"). */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

describe('the production build of the server', () => {
  let outDir: string;
  let files: string[];
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'eta-server-build-'));
    await buildServer(root, outDir);
    const list = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? list(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    files = list(outDir).filter((file) => file.endsWith('.js'));
  }, 120_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('writes the server and the case officer’s tool', () => {
    expect(existsSync(path.join(outDir, 'main.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'officer-cli.js'))).toBe(true);
  });

  it('imports nothing but Node’s modules and production dependencies (no Vite, no TypeScript loader)', () => {
    const imported = new Set<string>();
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(
        /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
      )) {
        const specifier = match[1] ?? match[2];
        if (!specifier.startsWith('.')) imported.add(specifier);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    const builtins = new Set(builtinModules);
    for (const specifier of imported) {
      if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
      expect(Object.keys(pkg.dependencies), specifier).toContain(packageOf(specifier));
    }
    for (const tool of ['vite', 'tsx', 'vitest', 'typescript', '@vitejs/plugin-react']) {
      expect([...imported].map(packageOf)).not.toContain(tool);
    }
  });

  it('reads its data files where the source tree has them', () => {
    const code = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    const places = code.flatMap(({ file, text }) =>
      [...text.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => path.resolve(path.dirname(file), m[1])),
    );
    // Every module that reads beside itself is found again in src/ (route schemas, the OpenAPI source, the
    // password list, the PDF layout, the locales and schemas folders above them).
    expect(places.length).toBeGreaterThan(10);
    for (const place of places) expect(existsSync(place), place).toBe(true);
    expect(places).toContain(path.join(root, 'src/server/accounts/routes.ts'));
  });
});
