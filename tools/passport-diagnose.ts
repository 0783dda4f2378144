/**
 * Why the MRZ reader misses the photos it misses: for each generated photo (tools/passport-pages.ts, with its truth),
 * whether the MRZ was found, how many cells each engine's reading of each line got wrong at each size, and what
 * settled line 1 and line 2 said (their reason when unsure). Prints one line per photo and a summary of the causes.
 *
 *   npx tsx tools/passport-diagnose.ts tests/fixtures/passports [--only passport-007.jpg] [--verbose]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEngine } from '../src/server/passport-mrz/ocr';
import { readMrz } from '../src/server/passport-mrz/read';
import type { PassportTruth } from './passport-pages';

const argv = process.argv.slice(2);
const folder = path.resolve(argv.find((a) => !a.startsWith('--')) ?? 'tests/fixtures/passports');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const verbose = argv.includes('--verbose');
const limit = argv.includes('--limit') ? Number(argv[argv.indexOf('--limit') + 1]) : Infinity;
const truth = (JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')) as PassportTruth[])
  .filter((page) => !only || only.split(',').includes(page.file))
  .slice(0, limit);
const engines = { lstm: await startEngine('lstm'), legacy: await startEngine('legacy') };

/** Characters a reading got wrong against the true line: their edit distance ('?' is an empty cell). */
function misses(read: string, real: string): number {
  let row = Array.from({ length: real.length + 1 }, (_, j) => j);
  for (let i = 1; i <= read.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= real.length; j += 1)
      next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (read[i - 1] === real[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[real.length];
}

const causes = new Map<string, number>();
let right = 0;
let wrong = 0;
const times: number[] = [];
for (const page of truth) {
  const events: { textHeight: number; line1: object; line2: object; readings: string[][] }[] = [];
  const started = performance.now();
  const reading = await readMrz(readFileSync(path.join(folder, page.file)), engines, {
    trace: (event) => events.push(event as (typeof events)[number]),
  });
  const ms = performance.now() - started;
  times.push(ms);
  const ok = reading.read && reading.lines?.[0] === page.lines[0] && reading.lines?.[1] === page.lines[1];
  let cause: string;
  if (ok) {
    right += 1;
    cause = 'right';
  } else if (reading.read) {
    wrong += 1;
    cause = 'WRONG';
  } else if (reading.problem === 'NOT_FOUND') cause = 'not found';
  else {
    const last = events[events.length - 1];
    const l1 = 'problem' in last.line1 ? 'l1' : '';
    const l2 = 'problem' in last.line2 ? 'l2' : '';
    cause = `unsure ${[l1, l2].filter(Boolean).join('+')}`;
  }
  causes.set(cause, (causes.get(cause) ?? 0) + 1);
  const errs = events.map((e) =>
    e.readings.map((line, i) => line.map((r) => misses(r, page.lines[i])).join('/')).join(' | '),
  );
  console.log(
    `${page.file} ${cause.padEnd(12)} ${ms.toFixed(0).padStart(5)} ms  w${page.photo.width} r${page.photo.rotation} b${page.photo.blur} g${page.photo.glare} q${page.photo.quality}  errs ${errs.slice(-1)[0] ?? '-'}`,
  );
  if (verbose) {
    console.log(`  truth ${page.lines[0]}\n        ${page.lines[1]}`);
    for (const e of events) {
      console.log(`  h${e.textHeight} line1 ${JSON.stringify(e.line1)}\n      line2 ${JSON.stringify(e.line2)}`);
      for (const [i, line] of e.readings.entries()) for (const r of line) console.log(`    ${i + 1} ${r}`);
    }
  }
  const several = events
    .map((e) => JSON.stringify(e.line2))
    .filter((t) => t.includes('several'))
    .pop();
  if (several && cause !== 'right') {
    const [, top, topL, , nextL] = /: (\S+) (\S+) (\S+) (\S+)/.exec(several) ?? [];
    console.log(
      `    top ${top === page.lines[1] ? 'RIGHT' : 'wrong'} margin ${(parseFloat(topL) - parseFloat(nextL)).toFixed(1)}`,
    );
  }
  if (cause !== 'right' && !verbose) {
    const last = events[events.length - 1];
    if (last)
      console.log(`    ${JSON.stringify(last.line1).slice(0, 140)}\n    ${JSON.stringify(last.line2).slice(0, 200)}`);
  }
}
await engines.lstm.terminate();
await engines.legacy.terminate();
times.sort((a, b) => a - b);
console.log(
  `${truth.length} photos: ${right} right (${((100 * right) / truth.length).toFixed(1)}%), ${wrong} wrong; ` +
    `p50 ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, p95 ${times[Math.floor(times.length * 0.95)]?.toFixed(0)} ms`,
);
console.log([...causes.entries()].map(([c, n]) => `${c}: ${n}`).join(', '));
