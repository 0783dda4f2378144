import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFormModule, listFormIds, readForm } from '../../src/server/validation/precompile';
import { createValidationAjv } from '../../src/server/validation/ajv-factory';
import { DEFAULT_SCHEMAS_DIR } from '../../src/server/validation/schema-files';

type Validate = (data: unknown) => boolean;

function timePerCall(validate: Validate, samples: unknown[], iterations: number): number {
  for (let i = 0; i < 1000; i += 1) validate(samples[i % samples.length]);
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) validate(samples[i % samples.length]);
  return ((performance.now() - started) * 1000) / iterations;
}

/** The form with the most schema text: the one whose validation costs most. */
function largestForm(): string {
  const sizes = listFormIds().map((id) => ({
    id,
    size: readFileSync(join(DEFAULT_SCHEMAS_DIR, `${id}.schema.json`)).length,
  }));
  return sizes.sort((a, b) => b.size - a.size)[0].id;
}

/** Precompiled (the browser's) against runtime-compiled ajv on the same examples, in microseconds per call. */
export async function validationSpeed(): Promise<string[]> {
  const id = largestForm();
  const form = readForm(id);
  const samples = [...(Array.isArray(form.examples) ? form.examples : [form.examples]), {}];

  const dir = join(import.meta.dirname, '..', '..', '.cache', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${id}.validators.mjs`);
  writeFileSync(file, buildFormModule(id));
  const precompiledModule = (await import(pathToFileURL(file).href)) as {
    validateFns: Record<string, Validate>;
    formId: string;
  };
  const precompiled = precompiledModule.validateFns[precompiledModule.formId];

  const compileStarted = performance.now();
  const ajv = createValidationAjv({ strict: false });
  const runtime = ajv.compile(form.schema) as Validate;
  const compileMs = performance.now() - compileStarted;

  const iterations = 50_000;
  const pre = timePerCall(precompiled, samples, iterations);
  const run = timePerCall(runtime, samples, iterations);
  const frameUs = 16_667;
  return [
    `form: ${id} (${samples.length} sample answers, ${iterations} validations each way)`,
    `precompiled (browser): ${pre.toFixed(2)} µs per validation (${((pre / frameUs) * 100).toFixed(3)}% of a 60 Hz frame)`,
    `runtime ajv:           ${run.toFixed(2)} µs per validation, after ${compileMs.toFixed(1)} ms to compile the schema`,
    `ratio runtime/precompiled: ${(run / pre).toFixed(2)}`,
  ];
}
