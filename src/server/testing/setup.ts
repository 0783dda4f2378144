import { afterAll, vi } from 'vitest';
import { metricsRegistry } from '../system/metrics';

/**
 * The server's test files share their worker's modules (`isolate: false` in vite.config.ts): what a file changes of
 * the process it runs in (settings in process.env, fake clocks, the metrics counted) is put back when it ends, so
 * that the next file starts as if alone. A file that replaces a module (`vi.mock`) or reads a setting as it is
 * imported is named `*.isolated.test.ts` and runs in a fresh module graph of its own.
 */
const settings = { ...process.env };
metricsRegistry.resetMetrics();

afterAll(() => {
  // Settings stubbed with vi.stubEnv are put back first (which also empties Vitest's own list of them, so that no later
  // file puts back this one's values), then any a file wrote to process.env directly.
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in settings)) delete process.env[name];
  Object.assign(process.env, settings);
  // A fake clock left on, and spies left on shared modules.
  vi.useRealTimers();
  vi.restoreAllMocks();
});
