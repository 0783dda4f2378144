/**
 * `npm test`: the whole test suite, the same on a developer's machine and in CI.
 * First the request body types are generated from the schema files (whatever steps are named: the typecheck needs
 * them), then typecheck, formatting, lint, schema catalogue checks, the translations check, unit and integration tests (SQLite and a scratch PostgreSQL),
 * the editors' recipes of docs/editors.md applied to a copy of the configuration with the checks and the configuration's
 * tests run on it (tests/recipes/run.ts), production build, then Playwright end-to-end journeys in Chromium against
 * the real server. The checks that each use one core (typecheck, formatting, lint, the catalogue checks) and the build
 * run side by side, their output printed as each ends; the test steps run one after another, each using every core.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChineseFont, findOrInstallChromium } from './support/chromium';
import { startScratchPostgres, type ScratchPostgres } from './support/postgres';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.cache', 'test-reports');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Reads how many tests passed and failed from the step's JSON report, when it has one. */
  counts?: () => { passed: number; failed: number };
  /** Run even when other steps are named. */
  always?: boolean;
  /** Run side by side with the other steps of the same group that follow it directly. */
  group?: 'checks';
}

function vitestCounts(file = 'vitest.json'): { passed: number; failed: number } {
  const report = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}

function playwrightCounts(): { passed: number; failed: number } {
  const report = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8'));
  const stats = report.stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 };
}

const only = process.argv.slice(2);

const steps: Step[] = [
  { name: 'schema types', command: bin('tsx'), args: ['tools/schema-types.ts'], always: true },
  { name: 'typecheck', group: 'checks', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'format', group: 'checks', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  { name: 'lint', group: 'checks', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'check:schemas', group: 'checks', command: bin('tsx'), args: ['tools/check-schemas.ts'] },
  { name: 'check:locales', group: 'checks', command: bin('tsx'), args: ['tools/check-locales.ts'] },
  { name: 'build', group: 'checks', command: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  {
    name: 'unit and integration',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`],
    counts: () => vitestCounts(),
  },
  { name: 'recipes', command: bin('tsx'), args: ['tests/recipes/run.ts'], counts: () => vitestCounts('recipes.json') },
  {
    name: 'end-to-end',
    command: bin('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts'],
    counts: playwrightCounts,
  },
];

async function main(): Promise<number> {
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const selected = only.length ? steps.filter((s) => s.always || only.includes(s.name)) : steps;
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR };

  if (selected.some((s) => s.name === 'end-to-end')) {
    // The journeys run against the server as deployed (dist/server/main.js) when this run builds it.
    if (selected.some((s) => s.name === 'build')) env.E2E_SERVER = 'built';
    env.CHROMIUM_PATH = await findOrInstallChromium();
    console.log(`Chromium: ${env.CHROMIUM_PATH}`);
    ensureChineseFont();
  }
  let postgres: ScratchPostgres | undefined;
  if (selected.some((s) => s.name === 'unit and integration') && !process.env.TEST_DATABASE_URL) {
    postgres = await startScratchPostgres();
    env.TEST_DATABASE_URL = postgres.url;
  }

  const results: { name: string; ok: boolean; seconds: number; passed: number; failed: number }[] = [];
  const record = (step: Step, ok: boolean, started: number) => {
    let passed = ok ? 1 : 0;
    let failed = ok ? 0 : 1;
    if (step.counts) {
      try {
        ({ passed, failed } = step.counts());
        if (!ok && failed === 0) failed = 1;
      } catch {
        // No report: the runner itself failed before running tests.
      }
    }
    results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000, passed, failed });
  };
  /** Runs a step with its output kept, then prints it under the step's name. */
  const runQuietly = (step: Step) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      const child = spawn(step.command, step.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('close', (code) => {
        console.log(`\n=== ${step.name} ===`);
        process.stdout.write(Buffer.concat(output));
        record(step, code === 0, started);
        resolve();
      });
      child.on('error', (error) => {
        console.log(`\n=== ${step.name} ===\n${error.message}`);
        record(step, false, started);
        resolve();
      });
    });
  try {
    for (let i = 0; i < selected.length;) {
      const step = selected[i];
      if (step.group) {
        const group = [];
        while (i < selected.length && selected[i].group === step.group) group.push(selected[i++]);
        await Promise.all(group.map(runQuietly));
        continue;
      }
      i += 1;
      console.log(`\n=== ${step.name} ===`);
      const started = Date.now();
      const run = spawnSync(step.command, step.args, { cwd: root, env, stdio: 'inherit' });
      record(step, run.status === 0, started);
    }
  } finally {
    postgres?.stop();
  }

  console.log('\n=== summary ===');
  for (const r of results) {
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(22)} ${r.seconds.toFixed(1).padStart(7)} s  (${r.passed} passed, ${r.failed} failed)`,
    );
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const allOk = results.every((r) => r.ok);
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
  return allOk && existsSync(root) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
