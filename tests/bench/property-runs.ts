import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A property-based test file run with many more cases than `npm test` has time for, the count given in the
 * environment variable the file reads. Answers whether it found nothing, and how long it took.
 */
function deepRun(
  root: string,
  file: string,
  variable: string,
  runs: number,
  env: Record<string, string> = {},
): { passed: boolean; seconds: number } {
  const started = Date.now();
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, [variable]: String(runs) },
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

/** How long the pages took to answer the fuzz's posts: every answer's time, in milliseconds. */
export interface AnswerTimes {
  answers: number;
  p99Ms: number;
  slowestMs: number;
  /** The route of the slowest answer. */
  slowestRoute: string;
}

/**
 * The fuzz of every page's form posts (src/server/security/fuzz/page-posts.test.ts) with `runs` cases per route, and
 * the time each answer took as the test recorded it (PAGE_FUZZ_TIMES): the test asserts no time, the bench holds
 * these to its bound.
 */
export function pageFuzzRuns(root: string, runs: number): { passed: boolean; seconds: number; times: AnswerTimes } {
  const dir = mkdtempSync(join(tmpdir(), 'eta-page-fuzz-times-'));
  const file = join(dir, 'times.txt');
  try {
    const run = deepRun(root, 'src/server/security/fuzz/page-posts.test.ts', 'PAGE_FUZZ_RUNS', runs, {
      PAGE_FUZZ_TIMES: file,
    });
    let lines: [number, string][] = [];
    try {
      lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [ms, route] = line.split(' ');
          return [Number(ms), route ?? ''];
        });
    } catch {
      // No answer recorded: the run failed before its first post (said above).
    }
    const sorted = lines.map(([ms]) => ms).sort((a, b) => a - b);
    const slowest = lines.reduce<[number, string]>((worst, line) => (line[0] > worst[0] ? line : worst), [0, '']);
    const p99 = sorted.length > 0 ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
    return {
      ...run,
      times: { answers: sorted.length, p99Ms: p99, slowestMs: slowest[0], slowestRoute: slowest[1] },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
