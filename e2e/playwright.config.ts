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
  workers: 2,
  // The same on a developer's machine and in CI: a test that fails runs once more, with its trace recorded (a test
  // that passes the second time is reported as flaky).
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.cache/test-reports/playwright.json' }]],
  use: {
    baseURL,
    locale: 'en-GB',
    // Only the retry records a trace (`.cache/e2e-results-<port>/`, `npx playwright show-trace <zip>`): recording one
    // for every test, to keep it when the test fails, makes the whole run about a third slower. `--trace on` records
    // them all for one run.
    trace: 'on-first-retry',
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
