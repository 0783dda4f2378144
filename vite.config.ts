import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './src/server/static/precompress';
import { precompiledFormsPlugin } from './src/server/validation/vite-plugin';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    precompiledFormsPlugin({ schemasDir: fileURLToPath(new URL('./schemas', import.meta.url)) }),
    // Brotli and gzip copies of every text file, served as they are by the server.
    precompressPlugin(),
  ],
  publicDir: 'src/app/public',
  resolve: {
    alias: [
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
  },
  server: {
    port: 5173,
  },
  test: {
    // One test file per core (Vitest's default leaves one core idle, which halves the speed on two cores).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'jsdom',
          include: ['src/{app,api,engine,features,routing,shared}/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/server/**'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
