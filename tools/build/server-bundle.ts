import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the production server is written, inside the build's folder (dist/server/main.js). */
export const SERVER_BUNDLE_DIR = 'server';

/** The programs built into SERVER_BUNDLE_DIR: the server itself and the case officer's tool. */
export const SERVER_PROGRAMS = {
  main: 'src/server/main.ts',
  'officer-cli': 'src/server/decisions/officer-cli.ts',
} as const;

const SOURCE_URL = '__etaSourceUrl';
const SOURCE_URL_CALL = new RegExp(`${SOURCE_URL}\\((["'])([^"']+)\\1\\)`, 'g');

/**
 * Keeps `import.meta.url` meaning the module's place in the source tree. The server reads files beside its modules
 * (each area's route-schemas.json, openapi.json, the password list, the PDF layout) and the repository's schemas/
 * and locales/ by paths relative to its own module; once bundled, every module would otherwise share the address
 * of the bundle. Each `import.meta.url` becomes the address its module had, worked out from the bundle's own
 * address, so the built server reads the same files of the same checkout (SCHEMAS_DIR and LOCALES_DIR still win).
 */
export function sourceLocationPlugin(repositoryRoot: string): Plugin {
  const root = path.resolve(repositoryRoot);
  let outDir = '';
  return {
    name: 'eta-source-location',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transform(code, id) {
      if (!id.startsWith(`${root}${path.sep}`) || !code.includes('import.meta.url')) return undefined;
      const relative = path.relative(root, id.split('?')[0]).split(path.sep).join('/');
      return {
        code: code.replace(/\bimport\.meta\.url\b/g, `${SOURCE_URL}(${JSON.stringify(relative)})`),
        map: null,
      };
    },
    renderChunk(code, chunk) {
      if (!code.includes(SOURCE_URL)) return undefined;
      const toRoot = path
        .relative(path.dirname(path.join(outDir, chunk.fileName)), root)
        .split(path.sep)
        .join('/');
      return {
        code: code.replace(
          SOURCE_URL_CALL,
          (_, _quote, file: string) => `new URL(${JSON.stringify(`${toRoot}/${file}`)}, import.meta.url).href`,
        ),
        map: null,
      };
    },
  };
}

/**
 * Builds the server (src/server/main.ts) and the case officer's tool as JavaScript into `outDir`, their npm
 * dependencies left to node_modules, so that `node <outDir>/main.js` runs with production dependencies alone: no
 * TypeScript loader, no Vite, no build at start.
 */
export async function buildServer(repositoryRoot: string, outDir: string): Promise<void> {
  const root = path.resolve(repositoryRoot);
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [sourceLocationPlugin(root)],
    // Node's own modules and every npm package stay imports, resolved from node_modules at run time.
    ssr: { target: 'node', noExternal: [] },
    build: {
      ssr: true,
      target: 'node20',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(SERVER_PROGRAMS).map(([name, file]) => [name, path.join(root, file)])),
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

/** Vite plugin: after the browser build, builds the server into dist/server/ (buildServer). */
export function serverBundlePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'eta-server-bundle',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await buildServer(config.root, path.join(path.resolve(config.root, config.build.outDir), SERVER_BUNDLE_DIR));
    },
  };
}
