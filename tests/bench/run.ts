/**
 * `npm run bench`: what the portal costs. Sizes are exact; timings are compared within one run only (the
 * machines are shared and noisy), which is why no test asserts a duration.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { routeBundles } from './bundles';
import { apiLatency } from './api';
import { validationSpeed } from './validation';

const root = join(import.meta.dirname, '..', '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function section(title: string) {
  console.log(`\n## ${title}\n`);
}

async function main() {
  if (!existsSync(join(root, 'dist', '.vite', 'manifest.json')) || process.argv.includes('--build')) {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  section('JavaScript and CSS per route (gzip, what the route loads before it shows)');
  const bundles = routeBundles(root);
  console.log(`entry (every route): JS ${kb(bundles.entryJs)}, CSS ${kb(bundles.entryCss)}`);
  console.log(`${'route'.padEnd(34)} ${'page (form)'.padEnd(38)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)}`);
  for (const r of bundles.routes) {
    const page = r.form ? `${r.page} (${r.form})` : r.page;
    console.log(`${r.route.padEnd(34)} ${page.padEnd(38)} ${kb(r.jsGzip).padStart(9)} ${kb(r.cssGzip).padStart(9)}`);
  }

  section('Validation of the largest form (precompiled vs runtime ajv, same data, same machine)');
  for (const line of await validationSpeed()) console.log(line);

  section('Reference API on the embedded database (loopback, concurrent clients)');
  console.log(`${'call'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} errors`);
  for (const r of await apiLatency()) {
    console.log(
      `${r.name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.errors}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
