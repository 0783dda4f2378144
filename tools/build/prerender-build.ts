import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { SERVER_ENTRY_DIR, SERVER_ENTRY_FILE } from '../../src/server/static/server-entry';

/**
 * Vite plugin: after the browser build, builds the portal's server-side entry (src/app/server-entry.tsx) with
 * the same configuration (aliases, JSON, the forms' precompiled validators), into dist/.ssr/, for the server to
 * render the pages the route manifest flags `prerender` with (see portal-page.ts). Everything is bundled in, so
 * the entry runs in Node without Vite.
 */
export function serverEntryPlugin(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'eta-server-entry',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        ssr: { noExternal: true, target: 'node' },
        // The libraries' production code, as in the browser (class names and markup the same), whatever NODE_ENV
        // the server runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // The country list's Node entry reads every language's names from files at run time; its browser entry
        // (the one the portal uses) holds none, so it bundles.
        resolve: { alias: [{ find: /^i18n-iso-countries$/, replacement: 'i18n-iso-countries/index.js' }] },
        build: {
          ssr: entry,
          outDir: path.join(path.resolve(config.root, config.build.outDir), SERVER_ENTRY_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          // One file: the server loads each new build anew (by a versioned address), which chunks importing the entry
          // back by its plain address would defeat.
          rollupOptions: { output: { entryFileNames: SERVER_ENTRY_FILE, codeSplitting: false } },
        },
      });
    },
  };
}
