/**
 * Generates photos of made-up passport data pages with their truth, to measure the MRZ reader
 * (src/server/passport-mrz) against: a page as a passport prints it (guilloche background, photo, labelled fields in
 * the visual zone, the two MRZ lines in a monospace close to OCR-B: Roboto Mono, from npm, never a system font), then
 * photographed as a phone does it: on a desk, rotated up to 5 degrees, in perspective, blurred, with glare and uneven
 * light and sensor noise, 1,000 to 3,000 pixels wide, JPEG quality 60 to 90. The same seed makes the same set.
 * The steps are in tools/passport-pages/: the holder and document (identity.ts), the page as printed (data-page.ts),
 * its photo (photograph.ts), all drawn from one seeded generator (random.ts).
 *
 *   npx tsx tools/passport-pages.ts                                 the committed set (tests/fixtures/passports)
 *   npx tsx tools/passport-pages.ts --out .cache/passports --count 200 --seed 7    a larger set for the bench
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { td3Lines } from '../src/server/passport-mrz/td3';
import { identity, iso } from './passport-pages/identity';
import { photograph } from './passport-pages/photograph';
import { random } from './passport-pages/random';

/** What a page says and how its photo was taken; the reading the reader should give is `expected`. */
export interface PassportTruth {
  file: string;
  /** The names as the visual zone prints them (accents and all). */
  printed: { surname: string; givenNames: string };
  lines: [string, string];
  expected: {
    documentNumber: string;
    issuingCountry: string;
    nationality: string;
    dateOfBirth: string;
    dateOfExpiry: string;
    sex: 'M' | 'F' | 'X';
    surname: string;
    givenNames: string;
  };
  photo: { width: number; height: number; rotation: number; blur: number; glare: number; quality: number };
}

/** Generates `count` pages into `out`, with truth.json beside them. */
export async function generatePassportPages(out: string, count: number, seed: number): Promise<PassportTruth[]> {
  mkdirSync(out, { recursive: true });
  const rng = random(seed);
  const truth: PassportTruth[] = [];
  for (let index = 0; index < count; index += 1) {
    const person = identity(rng);
    const lines = td3Lines(person.fields);
    const { jpeg, photo } = await photograph(rng, person, lines, index);
    const file = `passport-${String(index + 1).padStart(3, '0')}.jpg`;
    writeFileSync(path.join(out, file), jpeg);
    const f = person.fields;
    truth.push({
      file,
      printed: { surname: person.surname, givenNames: person.givenNames },
      lines,
      expected: {
        documentNumber: f.documentNumber,
        issuingCountry: f.issuingCountry,
        nationality: f.nationality,
        dateOfBirth: iso(person.born),
        dateOfExpiry: iso(person.expires),
        sex: f.sex === '<' ? 'X' : f.sex,
        surname: f.surname.replace(/</g, ' '),
        givenNames: f.givenNames.replace(/</g, ' '),
      },
      photo,
    });
  }
  const truthFile = path.join(out, 'truth.json');
  // Formatted as the repository's other files are (its Prettier settings).
  const options = { ...(await resolveConfig(truthFile)), filepath: truthFile };
  writeFileSync(truthFile, await format(JSON.stringify(truth), options));
  return truth;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const out = path.resolve(option('--out', path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'passports')));
  const count = Number(option('--count', '40'));
  const seed = Number(option('--seed', '9303'));
  const started = performance.now();
  const truth = await generatePassportPages(out, count, seed);
  console.log(`${truth.length} pages in ${out} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
