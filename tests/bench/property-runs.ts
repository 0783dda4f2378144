import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A property-based test file run with many more cases than `npm test` has time for, the count given in the
 * environment variable the file reads. Answers whether it found nothing, and how long it took.
 */
function deepRun(root: string, file: string, variable: string, runs: number): { passed: boolean; seconds: number } {
  const started = Date.now();
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, [variable]: String(runs) },
  });
  return { passed: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

/**
 * The state machine's model-based test (src/server/lifecycle/model-based.isolated.test.ts) with `runs` random sequences on
 * SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
export const modelRuns = (root: string, runs: number) =>
  deepRun(root, 'src/server/lifecycle/model-based.isolated.test.ts', 'LIFECYCLE_MODEL_RUNS', runs);

/** The fuzz of every JSON endpoint (src/server/security/fuzz/json-endpoints.test.ts) with `runs` cases each. */
export const fuzzRuns = (root: string, runs: number) =>
  deepRun(root, 'src/server/security/fuzz/json-endpoints.test.ts', 'FUZZ_RUNS', runs);
