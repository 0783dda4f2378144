import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The state machine's model-based test (src/server/lifecycle/model-based.test.ts) with many more random sequences
 * than `npm test` runs: `runs` on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. Answers whether it
 * found nothing, and how long it took.
 */
export function modelRuns(root: string, runs: number): { passed: boolean; seconds: number } {
  const started = Date.now();
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', 'src/server/lifecycle/model-based.test.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, LIFECYCLE_MODEL_RUNS: String(runs) } },
  );
  return { passed: result.status === 0, seconds: (Date.now() - started) / 1000 };
}
