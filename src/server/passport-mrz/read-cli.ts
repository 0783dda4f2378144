import { readFile } from 'node:fs/promises';
import { createMrzReader } from './reader';

/**
 * `npm run passport:read -- <image> [...]`: reads the MRZ of each passport photo and prints one JSON line per image:
 * what it says, whether every check digit holds, and how long the reading took (ms, once the OCR engines have
 * started). Everything it needs comes with `npm ci`: nothing is fetched from the network.
 */
async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    process.stderr.write('usage: npm run passport:read -- <image> [...]\n');
    return 2;
  }
  const reader = createMrzReader({ idleMs: 60_000 });
  let failed = false;
  try {
    await reader.warm();
    for (const file of files) {
      let image: Buffer;
      try {
        image = await readFile(file);
      } catch (error) {
        process.stderr.write(`${file}: ${error instanceof Error ? error.message : String(error)}\n`);
        failed = true;
        continue;
      }
      const started = performance.now();
      const reading = await reader.read(image);
      const ms = Math.round(performance.now() - started);
      const { read, documentNumber, issuingCountry, nationality, dateOfBirth, dateOfExpiry, sex } = reading;
      const { surname, givenNames, checkDigitsValid } = reading;
      process.stdout.write(
        `${JSON.stringify({ file, read, documentNumber, issuingCountry, nationality, dateOfBirth, dateOfExpiry, sex, surname, givenNames, checkDigitsValid, ms })}\n`,
      );
    }
  } finally {
    await reader.close();
  }
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
