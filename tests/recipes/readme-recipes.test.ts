// @vitest-environment node
// The editors' and translators' recipes of docs/, read and applied to a copy of the configuration as `npm test`'s recipes step
// does (tests/recipes/run.ts then runs the checks and the configuration's tests on it): here only that each
// recipe's JSON is still in docs/ and makes a copy whose manifest and messages check out.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS } from '../../tools/catalogue/checks';
import { checkManifestShape } from '../../tools/catalogue/manifest-checks';
import { checkMessages } from '../../tools/catalogue/message-checks';
import { applyEditorRecipes, ROOT } from './apply';
import { CONFIGURATION_TESTS, configurationTestFiles, NOT_FROM_CONFIGURATION } from './configuration-tests';

const dir = mkdtempSync(join(tmpdir(), 'recipes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the editors’ recipes of docs/', () => {
  it('apply, as written, to a copy whose route manifest and messages check out', () => {
    expect(applyEditorRecipes(dir)).toEqual([
      'field',
      'conditional field',
      'page',
      'field removed',
      'pages reordered',
      'public form',
      'step',
      'step of one page',
      'documents rule',
      'decision rule',
      'FAQ question',
      'message reworded',
    ]);
    const dirs = { ...DEFAULT_DIRS, schemas: join(dir, 'schemas'), locales: join(dir, 'locales') };
    expect(checkManifestShape({ ...dirs, manifest: join(dir, 'schemas', 'routes.manifest.json') })).toEqual([]);
    expect(checkMessages(dirs)).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dir, 'schemas', 'routes.manifest.json'), 'utf8'));
    const steps = manifest.steps.map((s: { step: string }) => s.step);
    expect(steps).toContain('EMERGENCY_CONTACT');
    // The step of one page comes right after the application form.
    expect(steps[steps.indexOf('APPLICATION_FORM') + 1]).toBe('ARRIVAL_ASSISTANCE');
    const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const form = read('schemas/application-form.schema.json');
    expect(form.properties.travelCompanions).toEqual({ $ref: 'definitions#/definitions/optionalString' });
    expect(form.properties).not.toHaveProperty('treatingDoctor');
    const pages = read('schemas/application-form.ui.json')['ui:pages'].map((p: { id: string }) => p.id);
    expect(pages.indexOf('contact')).toBeLessThan(pages.indexOf('passport'));
    expect(read('locales/en/applications.json').validation.passportNumberInvalid).not.toBe(
      JSON.parse(readFileSync(join(ROOT, 'locales/en/applications.json'), 'utf8')).validation.passportNumberInvalid,
    );
  });

  it('are tested on the copy by test files that exist', () => {
    for (const entry of [...CONFIGURATION_TESTS, ...NOT_FROM_CONFIGURATION])
      expect(existsSync(join(ROOT, entry)), entry).toBe(true);
    const files = configurationTestFiles();
    expect(files).toContain('src/server/lifecycle/steps.test.ts');
    expect(files).toContain('src/features/application-journey/journey.integration.test.tsx');
    expect(files.filter((file) => NOT_FROM_CONFIGURATION.includes(file))).toEqual([]);
  });
});
