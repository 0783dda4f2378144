/**
 * `npm run bench`: what the portal costs, each figure beside its budget (tests/bench/budget.json), with the date
 * and the machine. Sizes are exact; timings depend on the machine and on what else runs on it, which is why no
 * test asserts a duration.
 *
 *   npm run bench                      everything (Lighthouse takes about 45 s a run on a small machine)
 *   npm run bench -- --build           rebuild the portal first
 *   npm run bench -- --skip-lighthouse --skip-postgres
 *   npm run bench -- --load-only       only the journey load (on SQLite alone with --skip-postgres; at some numbers
 *                                      of applicants only with --applicants 200 or --applicants 100,200)
 *   npm run bench -- --skip-load       everything but the journey load
 *   npm run bench -- --failover-only   only the fail-over bench (HAProxy, three instances, PostgreSQL, S3)
 *   npm run bench -- --skip-failover   everything but the fail-over bench
 *   npm run bench -- --model-runs 2000 the state machine's model-based test with 2000 random sequences (1000
 *                                      unless told; on PostgreSQL too unless --skip-postgres); --skip-model: not at all
 *   npm run bench -- --fuzz-runs 5000  the fuzz of every JSON endpoint with 5000 cases each (1000 unless told;
 *                                      `npm test` runs 200); --skip-fuzz: not at all
 *   npm run bench -- --page-fuzz-runs 2000  the fuzz of every page's form posts with 2000 cases per route (1000
 *                                      unless told), each answer's time held to the budget's pageFuzz.answerMsMax;
 *                                      --skip-page-fuzz: not at all
 *   npm run bench -- --page-load-only  only the page load (pages rendered by the server beside the API's calls; on
 *                                      SQLite alone with --skip-postgres; at some numbers of visitors only with
 *                                      --visitors 50 or --visitors 50,200); --skip-page-load: everything but it
 *   npm run bench -- --passport-only   only the passport MRZ reader's accuracy and time; --skip-passport: not at all
 *   npm run bench -- --write-docs      also write the summary table into docs/performance.md ("Last figures")
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, hostname, totalmem } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildTestApp } from '../../src/server/testing/harness';
import { findOrInstallChromium } from '../support/chromium';
import { startScratchPostgres } from '../support/postgres';
import { apiLatency } from './api';
import { failoverSection, type FailoverBudget } from './failover';
import { journeyLoadSection, type JourneyLoadBudget, type LoadSetup } from './journey-load';
import { pageLoadSection, type PageLoadBudget } from './page-load';
import { bundleSection } from './bundles';
import { writeFigures } from './docs-figures';
import { signedInBrowser, startWalkPortal } from './first-paint-walk';
import { ensureBuilt } from './servers';
import { keystrokeToNextPaint } from './keystroke';
import { lighthouse } from './lighthouse';
import { passportReadSection, type PassportReadBudget } from './passport-read';
import { fuzzRuns, modelRuns, pageFuzzRuns } from './property-runs';
import { validationSpeed } from './validation';

const root = join(import.meta.dirname, '..', '..');
const args = new Set(process.argv.slice(2));
// The page load alone: every other section is skipped as by its own flags.
if (args.has('--page-load-only')) for (const flag of ['--load-only', '--skip-load', '--skip-failover']) args.add(flag);
const failoverOnly = args.has('--failover-only');
const passportOnly = args.has('--passport-only');
const loadOnly = args.has('--load-only') || failoverOnly;

interface Budget {
  pageFuzz: { answerMsMax: number };
  lighthouse: {
    publicPages: string[];
    publicPerformanceMin: number;
    formPerformanceMin: number;
    clsMax: number;
    tbtMsMax: number;
  };
  javascriptGzipKb: { beforeFirstPaintEveryRoute: number };
  keystrokeToNextPaintMs: { p75: number; worst: number };
  api: { concurrency: number[]; p99MsMax: number; errorsMax: number };
  journeyLoad: JourneyLoadBudget;
  pageLoad: PageLoadBudget;
  failover: FailoverBudget;
  nodeModulesMbMax: number | null;
  passportRead: PassportReadBudget;
}

const budget = JSON.parse(readFileSync(join(import.meta.dirname, 'budget.json'), 'utf8')) as Budget;
const argv = process.argv.slice(2);
const applicantsArg = argv[argv.indexOf('--applicants') + 1];
if (argv.includes('--applicants') && applicantsArg) {
  budget.journeyLoad.concurrency = applicantsArg.split(',').map(Number);
}
const visitorsArg = argv[argv.indexOf('--visitors') + 1];
if (argv.includes('--visitors') && visitorsArg) budget.pageLoad.concurrency = visitorsArg.split(',').map(Number);

/** One row of the summary table: figure, budget, whether it is met. */
const summary: { figure: string; value: string; budget: string; met: boolean | undefined }[] = [];
function report(figure: string, value: string, budgetText: string, met: boolean | undefined) {
  summary.push({ figure, value, budget: budgetText, met });
}

function section(title: string) {
  console.log(`\n## ${title}\n`);
}

function machine(): string {
  const cpu = cpus();
  return `${hostname()}: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

function sizeMb(path: string): number {
  const out = execFileSync('du', ['-sLm', path], { encoding: 'utf8' });
  return Number(out.split(/\s/)[0]);
}

/** Sizes of the built portal, Lighthouse, keystroke to next paint and validation speed. */
async function frontEndFigures() {
  if (!existsSync(join(root, 'dist', '.vite', 'manifest.json')) || args.has('--build')) {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  // The browser and the portal are needed by the bundle section too (it opens every route without JavaScript).
  const chromePath = await findOrInstallChromium();
  // Public pages are measured as deployed. The keystrokes are timed on the form preview, which needs FORM_PREVIEW
  // (it also offers the development pseudo-locale), so it has a portal of its own. Every route, and the application
  // form signed in, are opened on the built server with the data they show (first-paint.ts).
  const app = await buildTestApp({ db: 'sqlite', distDir: join(root, 'dist') });
  const preview = await buildTestApp({ db: 'sqlite', distDir: join(root, 'dist'), env: { FORM_PREVIEW: 'true' } });
  const baseOf = async (server: typeof app) => {
    await server.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  };
  const base = await baseOf(app);
  const previewBase = await baseOf(preview);
  const walk = await startWalkPortal();
  try {
    section(
      "JavaScript per route (entry + page + form + the route's texts): before its first paint, and to interactive",
    );
    await bundleSection(root, walk, chromePath, budget.javascriptGzipKb, report);
    if (!args.has('--skip-lighthouse')) {
      section('Lighthouse 12, mobile preset (Moto G Power, slow 4G, 4x CPU), median of 3 runs');
      const formPage = `/applications/application?applicantIdentifier=${walk.data.atForm.first}`;
      const rows = [
        ...(await lighthouse(base, budget.lighthouse.publicPages, chromePath)),
        ...(await lighthouse(walk.server.baseURL, [formPage], chromePath, 3, (profile) =>
          signedInBrowser(profile, walk, '/applications/application'),
        )),
      ];
      console.log(
        `${'page'.padEnd(16)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'bp'.padStart(5)} ${'FCP s'.padStart(6)} ${'LCP s'.padStart(6)} ${'CLS'.padStart(6)} ${'TBT ms'.padStart(7)} ${'by CPU'.padStart(7)} ${'moved'.padStart(9)}`,
      );
      for (const r of rows) {
        const isForm = r.path === formPage;
        const name = isForm ? 'application form, signed in' : r.path;
        console.log(
          `${name.padEnd(16)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)} ` +
            `${(r.fcpMs / 1000).toFixed(1).padStart(6)} ${(r.lcpMs / 1000).toFixed(1).padStart(6)} ${r.cls.toFixed(3).padStart(6)} ` +
            `${r.tbtMs.toFixed(0).padStart(7)} ${r.cpuTbtMs.toFixed(0).padStart(7)} ${`${(r.transferBytes / 1024).toFixed(0)} KiB`.padStart(9)}`,
        );
        const min = isForm ? budget.lighthouse.formPerformanceMin : budget.lighthouse.publicPerformanceMin;
        report(`Lighthouse performance ${name}`, String(r.performance), `>= ${min}`, r.performance >= min);
        report(`CLS ${name}`, r.cls.toFixed(3), `<= ${budget.lighthouse.clsMax}`, r.cls <= budget.lighthouse.clsMax);
        report(
          `TBT ${name}`,
          `${r.tbtMs.toFixed(0)} ms`,
          `<= ${budget.lighthouse.tbtMsMax} ms`,
          r.tbtMs <= budget.lighthouse.tbtMsMax,
        );
        report(
          `TBT by the main thread's CPU time ${name}`,
          `${r.cpuTbtMs.toFixed(0)} ms`,
          `<= ${budget.lighthouse.tbtMsMax} ms`,
          r.cpuTbtMs <= budget.lighthouse.tbtMsMax,
        );
      }
    }
    if (!args.has('--skip-keystrokes')) {
      section('Keystroke to next paint, application form (form preview), 4x CPU slowdown, Event Timing');
      for (const [target, name] of [
        ['text', 'text field'],
        ['list', 'list box'],
      ] as const) {
        const k = await keystrokeToNextPaint(previewBase, chromePath, target);
        console.log(`${name}: ${k.keystrokes} keystrokes: p75 ${k.p75.toFixed(0)} ms, worst ${k.worst.toFixed(0)} ms`);
        report(
          `Keystroke to next paint p75, ${name}`,
          `${k.p75.toFixed(0)} ms`,
          `<= ${budget.keystrokeToNextPaintMs.p75} ms`,
          k.p75 <= budget.keystrokeToNextPaintMs.p75,
        );
        report(
          `Keystroke to next paint worst, ${name}`,
          `${k.worst.toFixed(0)} ms`,
          `<= ${budget.keystrokeToNextPaintMs.worst} ms`,
          k.worst <= budget.keystrokeToNextPaintMs.worst,
        );
      }
    }
  } finally {
    await Promise.all([app.close(), preview.close(), walk.close()]);
  }

  section('Validation of the largest form (precompiled vs runtime ajv, same data, same machine)');
  for (const line of await validationSpeed()) console.log(line);
}

async function main() {
  console.log(`# ETA portal bench, ${new Date().toISOString()}\n\n${machine()}`);
  if (passportOnly || (!loadOnly && !args.has('--skip-passport'))) {
    section('Passport MRZ reader: generated passport photos read one at a time, on one core');
    await passportReadSection(budget.passportRead, report);
  }
  if (passportOnly) return printSummary();
  if (!loadOnly) await frontEndFigures();

  let postgres: Awaited<ReturnType<typeof startScratchPostgres>> | undefined;
  const databases: ('sqlite' | 'postgres')[] = ['sqlite'];
  if (!args.has('--skip-postgres')) {
    if (!process.env.TEST_DATABASE_URL) {
      try {
        postgres = await startScratchPostgres();
        process.env.TEST_DATABASE_URL = postgres.url;
      } catch (error) {
        console.log(`PostgreSQL figures left out: ${(error as Error).message}`);
      }
    }
    if (process.env.TEST_DATABASE_URL) databases.push('postgres');
  }
  try {
    if (!loadOnly) {
      for (const db of databases) {
        const runs = await apiLatency(db, budget.api.concurrency);
        budget.api.concurrency.forEach((concurrency, i) => {
          section(
            `Reference API on ${db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, its own process, ${concurrency} clients with a keep-alive connection each (loopback)`,
          );
          console.log(
            `${'call'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} errors`,
          );
          for (const r of runs[i]) {
            console.log(
              `${r.name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.errors}`,
            );
            report(
              `API ${db} ×${concurrency} ${r.name}: p99 / errors`,
              `${r.p99.toFixed(1)} ms / ${r.errors}`,
              `<= ${budget.api.p99MsMax} ms / ${budget.api.errorsMax}`,
              r.p99 <= budget.api.p99MsMax && r.errors <= budget.api.errorsMax,
            );
          }
        });
      }
    }
    if (!args.has('--skip-load') && !failoverOnly) {
      // The load runs against the production server (dist/server/main.js).
      ensureBuilt(args.has('--build') && loadOnly);
      const setups: LoadSetup[] = databases.includes('postgres') ? ['sqlite', 'postgres', 'postgres-2'] : ['sqlite'];
      await journeyLoadSection(setups, budget.journeyLoad, report);
    }
    if (!args.has('--skip-page-load') && (!loadOnly || args.has('--page-load-only'))) {
      // Pages rendered by the production server (dist/server/main.js), beside the API's calls for the same data.
      ensureBuilt(args.has('--build') && loadOnly);
      await pageLoadSection(databases, budget.pageLoad, report);
    }
    if (!args.has('--skip-failover') && (failoverOnly || !args.has('--load-only'))) {
      if (databases.includes('postgres')) await failoverSection(budget.failover, report);
      else console.log('Fail-over bench left out: it needs PostgreSQL.');
    }
    if (!loadOnly && !args.has('--skip-model')) {
      // The state machine against its model, with more random sequences than `npm test` has time for.
      const asked = process.argv.indexOf('--model-runs');
      const runs = asked > 0 ? Number(process.argv[asked + 1]) || 1000 : 1000;
      section(`State machine: ${runs} random sequences of the model-based test on ${databases.join(' and ')}`);
      const model = modelRuns(root, runs);
      report(
        `Model-based sequences ×${runs}`,
        `${model.passed ? 'nothing found' : 'FAILED (see above)'} in ${model.seconds.toFixed(0)} s`,
        'nothing found',
        model.passed,
      );
    }
    if (!loadOnly && !args.has('--skip-fuzz')) {
      // Every JSON endpoint fuzzed with more cases than `npm test` has time for (SQLite: see the test file).
      const asked = process.argv.indexOf('--fuzz-runs');
      const runs = asked > 0 ? Number(process.argv[asked + 1]) || 1000 : 1000;
      section(`Fuzz: ${runs} cases for each JSON endpoint and family of input`);
      const fuzz = fuzzRuns(root, runs);
      report(
        `Fuzzed cases ×${runs}`,
        `${fuzz.passed ? 'nothing found' : 'FAILED (see above)'} in ${fuzz.seconds.toFixed(0)} s`,
        'nothing found',
        fuzz.passed,
      );
    }
    if (!loadOnly && !args.has('--skip-page-fuzz')) {
      // Every page's form posts fuzzed with more cases than `npm test` has time for, and how long each answer took.
      const asked = process.argv.indexOf('--page-fuzz-runs');
      const runs = asked > 0 ? Number(process.argv[asked + 1]) || 1000 : 1000;
      section(`Fuzz: ${runs} form posts to each page that takes a form`);
      const pages = pageFuzzRuns(root, runs);
      report(
        `Fuzzed page posts ×${runs}`,
        `${pages.passed ? 'nothing found' : 'FAILED (see above)'} in ${pages.seconds.toFixed(0)} s`,
        'nothing found',
        pages.passed,
      );
      const { answers, p99Ms, slowestMs, slowestRoute } = pages.times;
      console.log(
        `${answers} answers: p99 ${p99Ms.toFixed(0)} ms, slowest ${slowestMs.toFixed(0)} ms (${slowestRoute})`,
      );
      report(
        'Slowest page answer to a fuzzed post',
        answers > 0 ? `${slowestMs.toFixed(0)} ms (${slowestRoute}; p99 ${p99Ms.toFixed(0)} ms)` : 'no answer recorded',
        `<= ${budget.pageFuzz.answerMsMax} ms`,
        answers > 0 && slowestMs <= budget.pageFuzz.answerMsMax,
      );
    }
  } finally {
    postgres?.stop();
  }

  if (!loadOnly) {
    section('Install weight');
    const nodeModules = sizeMb(join(root, 'node_modules'));
    const tensorflow = existsSync(join(root, 'node_modules', '@tensorflow'))
      ? sizeMb(join(root, 'node_modules', '@tensorflow'))
      : 0;
    console.log(`node_modules ${nodeModules} MB, of which @tensorflow ${tensorflow} MB`);
    report(
      'node_modules',
      `${nodeModules} MB (@tensorflow ${tensorflow} MB)`,
      budget.nodeModulesMbMax === null ? 'reported' : `<= ${budget.nodeModulesMbMax} MB`,
      budget.nodeModulesMbMax === null ? undefined : nodeModules <= budget.nodeModulesMbMax,
    );
  }

  printSummary();
}

function printSummary() {
  section('Summary: each figure beside its budget (tests/bench/budget.json)');
  const table = [
    '| figure | measured | budget | |',
    '| --- | --- | --- | --- |',
    ...summary.map(
      (row) =>
        `| ${row.figure} | ${row.value} | ${row.budget} | ${row.met === undefined ? '' : row.met ? 'met' : 'MISSED'} |`,
    ),
  ].join('\n');
  console.log(table);
  if (args.has('--write-docs')) {
    const flags = process.argv.slice(2).filter((flag) => flag !== '--write-docs');
    const command = flags.length > 0 ? `npm run bench -- ${flags.join(' ')}` : 'npm run bench';
    writeFigures(
      `\`${command}\` on ${new Date().toISOString().slice(0, 10)}, ${machine().replace(/^[^:]+: /, '')}:\n\n${table}`,
    );
    console.log('\nwritten into docs/performance.md');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
