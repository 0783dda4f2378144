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
  /** Bytes moved over the network for the page (compressed where the server compresses). */
  transferBytes: number;
}

interface LhReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const root = join(import.meta.dirname, '..', '..');

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
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')} --user-data-dir=${join(dir, 'profile')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(await readFile(out, 'utf8')) as LhReport;
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
