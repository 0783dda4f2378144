/**
 * Lighthouse 12 (mobile preset: Moto G Power emulation, slow 4G, 4x CPU slowdown) on pages of a running portal,
 * each page run `runs` times; the median run by performance score is reported. A signed-in page is measured in a
 * Chromium profile whose cookies were set first (Lighthouse clears an origin's caches before a run, not its cookies).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/chromium';

const run = promisify(execFile);

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * Total blocking time counted from the main thread's own CPU time (see cpuBlockingTime): what the page's work blocks,
   * without the time its thread waited for a core on a shared machine.
   */
  cpuTbtMs: number;
  /** Bytes moved over the network for the page (compressed where the server compresses). */
  transferBytes: number;
}

interface LhReport {
  /** The address the page was measured at (after redirects). */
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const root = join(import.meta.dirname, '..', '..');

/** Lighthouse's simulated CPU slowdown in the mobile preset. */
const CPU_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, microseconds. */
  tdur?: number;
  args?: { data?: { url?: string; frame?: string }; beginData?: { url?: string } };
}

/**
 * Total blocking time from a Lighthouse trace as Lighthouse's simulation reckons it (each task after the first
 * contentful paint blocks for what it lasts, 4x, beyond 50 ms), but with each task lasting the CPU time its thread
 * spent in it rather than its wall time. On a shared machine a task's wall time also holds the time the page's main
 * thread waited for a core while the browser's other processes, Lighthouse and the server ran: a task of 1 ms of work
 * can last 20 ms. Chromium leaves out the thread time of some tasks of a microsecond or two: such a task counts for its
 * wall time, which is at least its CPU time. NaN when the trace has no first paint, or no task with a thread time.
 */
export function cpuBlockingTime(events: readonly TraceEvent[], pageUrl: string): number {
  const parses = events.filter((e) => e.name === 'ParseHTML');
  const parse =
    parses.find((e) => e.args?.beginData?.url === pageUrl) ??
    parses.find((e) => e.args?.beginData?.url?.split(/[?#]/)[0] === pageUrl.split(/[?#]/)[0]);
  if (!parse) return Number.NaN;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid && e.ts >= parse.ts);
  if (!fcp) return Number.NaN;
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === parse.pid && e.tid === parse.tid && e.ts >= fcp.ts,
  );
  if (!tasks.some((task) => task.tdur !== undefined)) return Number.NaN;
  return tasks.reduce((sum, task) => sum + Math.max(0, ((task.tdur ?? task.dur ?? 0) / 1000) * CPU_SLOWDOWN - 50), 0);
}

/** Sets up a browser profile before Lighthouse opens the page in it (e.g. a session's cookies). */
export type ProfileSetUp = (context: BrowserContext) => Promise<void>;

async function once(url: string, chromePath: string, setUp?: ProfileSetUp): Promise<LighthouseFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'eta-lh-'));
  const out = join(dir, 'report.json');
  try {
    if (setUp) {
      const profile = await chromium.launchPersistentContext(join(dir, 'profile'), {
        executablePath: chromePath,
        args: CHROMIUM_ARGS,
      });
      await setUp(profile);
      await profile.close();
    }
    await run(
      join(root, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices',
        // The trace too (report-0.trace.json beside the report), for the blocking time from CPU time.
        '--save-assets',
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')} --user-data-dir=${join(dir, 'profile')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(await readFile(out, 'utf8')) as LhReport;
    const trace = JSON.parse(await readFile(join(dir, 'report-0.trace.json'), 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    return {
      path: new URL(url).pathname + new URL(url).search,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      cpuTbtMs: cpuBlockingTime(trace.traceEvents, report.finalDisplayedUrl ?? url),
      transferBytes: value('total-byte-weight'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART): such a run is tried again, twice at most. */
async function withRetry<T>(task: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/**
 * Runs Lighthouse `runs` times on each page (one at a time: the runs share the CPU) and keeps the median run, each run
 * in a fresh profile set up by `setUp` when given.
 */
export async function lighthouse(
  base: string,
  paths: readonly string[],
  chromePath: string,
  runs = 3,
  setUp?: ProfileSetUp,
): Promise<LighthouseFigures[]> {
  const results: LighthouseFigures[] = [];
  for (const path of paths) {
    const all: LighthouseFigures[] = [];
    for (let i = 0; i < runs; i += 1)
      all.push(await withRetry(() => once(new URL(path, base).href, chromePath, setUp)));
    all.sort((a, b) => a.performance - b.performance);
    results.push(all[Math.floor(all.length / 2)]);
  }
  return results;
}

/** One line per page, for the bench and for before/after notes. */
export function formatLighthouse(rows: readonly LighthouseFigures[]): string[] {
  return rows.map(
    (r) =>
      `${r.path.padEnd(36)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  bp ${String(r.bestPractices).padStart(3)}  ` +
      `FCP ${(r.fcpMs / 1000).toFixed(1)} s  LCP ${(r.lcpMs / 1000).toFixed(1)} s  CLS ${r.cls.toFixed(3)}  TBT ${r.tbtMs.toFixed(0)} ms  ` +
      `TBT by CPU time ${r.cpuTbtMs.toFixed(0)} ms  ` +
      `${(r.transferBytes / 1024).toFixed(0)} KiB`,
  );
}

// `npx tsx tests/bench/lighthouse.ts http://localhost:8205 / /login` prints the figures of those pages.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...paths] = process.argv.slice(2);
  lighthouse(base, paths, process.env.CHROME_PATH ?? '/usr/bin/chromium', Number(process.env.LH_RUNS ?? 3)).then(
    (rows) => console.log(formatLighthouse(rows).join('\n')),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
