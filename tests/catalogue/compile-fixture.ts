import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFormModule } from '@/server/validation/precompile';
import type { CompiledForm } from '@/engine/form-types';

const CACHE = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache/form-fixtures');
let counter = 0;

/**
 * Precompiles a form from another schemas folder (a test's temporary copy) exactly as the Vite plugin does, and
 * loads the module. The module is written inside the repository so its imports resolve from node_modules.
 */
export async function compileFixtureForm(schemasDir: string, id: string): Promise<CompiledForm> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `${id}-${process.pid}-${Date.now()}-${counter++}.mjs`);
  writeFileSync(file, buildFormModule(id, schemasDir));
  const m = (await import(/* @vite-ignore */ file)) as CompiledForm;
  rmSync(file, { force: true });
  return {
    formId: m.formId,
    schema: m.schema,
    uiSchema: m.uiSchema,
    examples: m.examples,
    validateFns: m.validateFns,
    whenFns: m.whenFns,
  };
}
