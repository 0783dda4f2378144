import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tests/support/chromium';

/** Port of the server the journeys run against; far from the default 8080 so a running portal is left alone. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8188);
const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `../.cache/e2e-results-${E2E_PORT}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.cache/test-reports/playwright.json' }]],
  use: {
    baseURL,
    locale: 'en-GB',
    // Recording a trace slows every action of every test; in CI (where a failed test runs once more) only the retry
    // records one, and a developer's run keeps the trace of any test that failed.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'npx tsx e2e/support/start-server.ts',
    cwd: '..',
    url: `${baseURL}/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
