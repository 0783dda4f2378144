// @vitest-environment node
// Facts the configuration holds are read from it, not written again in code: the ids of the forms the journey's
// steps are answered in (the route manifest's `steps`), which an editor may rename. (The API's root has a lint rule:
// eslint.config.js.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from '../../schemas/routes.manifest.json' with { type: 'json' };
import { stepsOf } from '../../src/shared/forms/journey';

const root = join(import.meta.dirname, '..', '..');

/** The shipped source files: every .ts/.tsx under src/ but tests, test helpers and generated files. */
function shippedFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : shippedFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.generated\.ts$|test-setup\.ts$/.test(name) ? [path] : [];
  });
}

/** Words that are a form's id and also something else, where they are that something else. */
const NOT_A_FORM_ID: Record<string, string> = {
  // The specification's field of GET application-details' answer, named as the form happens to be.
  "src/shared/contract/applications.ts: 'declarations'": 'a field of the API',
};

describe('one source for each fact', () => {
  const stepForms = stepsOf(manifest).flatMap((step) => (step.form ? [step.form] : []));

  it("the journey's steps name forms", () => {
    expect(stepForms.length).toBeGreaterThan(0);
  });

  it("no shipped file writes a step's form id: it is read from the route manifest", () => {
    const written = shippedFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return stepForms
        .filter((id) => new RegExp(`['"\`]${id}['"\`]`).test(text))
        .map((id) => `${relative(root, file)}: '${id}'`)
        .filter((place) => !NOT_A_FORM_ID[place]);
    });
    expect(written).toEqual([]);
  });
});
