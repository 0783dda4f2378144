import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { serverBundlePlugin } from './tools/build/server-bundle';
import { languageNamesPlugin } from './tools/build/language-names-plugin';
import { precompressPlugin } from './tools/build/precompress';
import { serverEntryPlugin } from './tools/build/prerender-build';
import { precompiledFormsPlugin } from './tools/build/forms-plugin';
import { griffelAotPlugin } from './tools/build/griffel-aot-plugin';
import { fontDisplayPlugin } from './tools/build/font-display-plugin';
import { LongFirstSequencer } from './tests/support/long-first-sequencer';

const src = fileURLToPath(new URL('./src', import.meta.url));
// The forms, the route manifest and the texts the portal is built from: SCHEMAS_DIR and LOCALES_DIR point the build
// at an edited copy (the same variables the API reads), by default the repository's schemas/ and locales/.
const schemasDir = path.resolve(
  process.env.SCHEMAS_DIR?.trim() || fileURLToPath(new URL('./schemas', import.meta.url)),
);
const localesDir = path.resolve(
  process.env.LOCALES_DIR?.trim() || fileURLToPath(new URL('./locales', import.meta.url)),
);

/** The browser-side tests: pages, engine, widgets and the configuration's catalogue, in jsdom. */
const BROWSER_TESTS = [
  'src/{app,api,engine,features,routing,shared,ui}/**/*.test.{ts,tsx}',
  // The entry's own checks (src/main.test.ts).
  'src/*.test.{ts,tsx}',
  'tests/**/*.test.{ts,tsx}',
  'tools/**/*.test.{ts,tsx}',
];

const browserTests: ViteUserConfig['test'] = {
  environment: 'jsdom',
  // A file's first test also loads the pages and widgets it renders, which takes seconds on a busy machine.
  testTimeout: 15000,
  setupFiles: ['src/test-setup.ts'],
  // The UI libraries most files import, each made of hundreds of modules, are bundled once into a single module
  // (Vite's dependency optimiser) instead of being imported module by module in every test file. Only libraries no
  // other external package imports, so each exists once in a test.
  deps: {
    optimizer: {
      client: {
        enabled: true,
        include: [
          '@fluentui/react-components',
          '@fluentui/react-icons',
          'i18next',
          'react-i18next',
          '@tanstack/react-query',
        ],
      },
    },
  },
};

/**
 * The server's test files wait much of their time on the database, on servers of their own and on timers, which leaves
 * a third of the CPU idle with one file per core: they run one file more than there are cores, after the browser's.
 */
const serverGroup: ViteUserConfig['test'] = {
  sequence: { groupOrder: 1 },
  maxWorkers: availableParallelism() + 1,
};

export default defineConfig({
  plugins: [
    // The portal's own styles as Griffel's build output, as Fluent UI ships its own: none worked out in the browser.
    griffelAotPlugin(src),
    react(),
    // The fonts only when they are there for the first paint, never swapped in after it (no layout shift).
    fontDisplayPlugin(),
    precompiledFormsPlugin({ schemasDir }),
    // Each language's own name for the language switcher, worked out at build.
    languageNamesPlugin(localesDir),
    // Brotli and gzip copies of every text file, served as they are by the server.
    precompressPlugin(),
    // The server-side entry the server renders every page with.
    serverEntryPlugin(fileURLToPath(new URL('./src/app/server-entry.tsx', import.meta.url))),
    // The server as JavaScript (dist/server/main.js), run by `npm run start:prod` with production dependencies only.
    serverBundlePlugin(),
  ],
  publicDir: 'src/app/public',
  resolve: {
    alias: [
      { find: /^@schemas\//, replacement: `${schemasDir}/` },
      { find: /^@locales\//, replacement: `${localesDir}/` },
      { find: '@', replacement: src },
      // No form uses markdown: rjsf's Markdown renders its text as it is (see src/engine/plain-markdown.tsx).
      { find: /^markdown-to-jsx\/react$/, replacement: `${src}/engine/plain-markdown.tsx` },
    ],
  },
  build: {
    outDir: 'dist',
    // The bench reads it to report each route's own JavaScript and CSS.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React DOM, the largest library, in a chunk of its own: the browser evaluates the app's chunks one per task
          // (src/main.tsx), and React DOM inside the app's chunk would make that one task twice as long. The chunk holds
          // the module the app takes React DOM's client from, so that React DOM's own start (its CommonJS module body)
          // runs when the chunk is evaluated, not when the app's chunk first asks for it.
          groups: [
            {
              name: 'react-dom',
              test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]app[\\/]react-dom-client\.ts$/,
            },
          ],
        },
      },
    },
    modulePreload: {
      // Every browser the portal supports preloads modules itself: the polyfill would only add work to the entry.
      polyfill: false,
      // The entry loads the app (src/app/boot.tsx, chunk boot-*.js) after a page rendered ahead has painted. The
      // browser fetches the app's imports when its chunk arrives, instead of the entry adding a preload link for each
      // of them at once, a long task on a slow phone. Pages not rendered ahead get those links from the server.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' && /^assets\/boot-[^/]*\.js$/.test(filename) ? [] : deps,
    },
  },
  server: {
    port: 5173,
  },
  test: {
    // One test file per core (Vitest's default leaves one core idle, which halves the speed on two cores).
    maxWorkers: availableParallelism(),
    // The files marked long-running start first in their group, so that none of them is left running alone at the end.
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          ...browserTests,
          name: 'browser',
          include: BROWSER_TESTS,
          exclude: ['tests/server/**', 'tools/build/**'],
          // The browser's files keep the cores busy; the server's run after them (sequence.groupOrder).
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tools/build/**/*.test.ts'],
          exclude: ['**/*.isolated.test.ts'],
          // The files of a worker share its modules (the server, fastify, the compiled schemas), which are imported
          // once instead of once per file; src/server/testing/setup.ts puts back what a file changed of the process.
          isolate: false,
          setupFiles: ['src/server/testing/setup.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
          ...serverGroup,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module (vi.mock) or read a setting as they are imported: each in a module graph of its own.
          name: 'server-isolated',
          environment: 'node',
          include: ['src/server/**/*.isolated.test.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
          ...serverGroup,
        },
      },
    ],
  },
});
