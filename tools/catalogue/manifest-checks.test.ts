// @vitest-environment node
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredDirs, DEFAULT_DIRS } from './checks';
import { checkManifestShape, MANIFEST_META_SCHEMA } from './manifest-checks';

interface Route {
  path: string;
  form?: string;
  page?: string;
  guard?: string;
  titleKey?: string;
  children?: Route[];
  [key: string]: unknown;
}
interface Step {
  step: string;
  form?: string;
  page?: string;
  path: string;
  labelKey: string;
}
interface Manifest {
  routes: Route[];
  steps: Step[];
}

/**
 * A manifest of the test's own, so that what the check is held to does not move with the configuration's routes and
 * steps: three public pages, the applications with the two form steps the portal's code names, and a page step on
 * either side of them. Its forms are the fixture forms of the folder the check reads (`FORMS`).
 */
const fixtureManifest = (): Manifest => ({
  routes: [
    { path: '/', page: 'home', guard: 'public', titleKey: 'common:home.title' },
    { path: '/faq', page: 'faq', guard: 'public', titleKey: 'common:faq.title' },
    { path: '/help', page: 'help', guard: 'public', titleKey: 'common:help.title' },
    { path: '/photos', page: 'photos', guard: 'auth', titleKey: 'capture:title' },
    {
      path: '/applications',
      page: 'applications-list',
      guard: 'auth',
      titleKey: 'applications:list.title',
      children: [
        { path: 'travel', form: 'travel-form', titleKey: 'forms:travelForm.title' },
        { path: 'promises', form: 'promises', titleKey: 'forms:promises.title' },
        { path: 'payment', page: 'payment', titleKey: 'payments:title' },
      ],
    },
  ],
  steps: [
    { step: 'PHOTOS', page: 'photos', path: '/photos', labelKey: 'applications:enums.step.PHOTOS' },
    {
      step: 'APPLICATION_FORM',
      form: 'travel-form',
      path: '/applications/travel',
      labelKey: 'applications:enums.step.APPLICATION_FORM',
    },
    {
      step: 'DECLARATION',
      form: 'promises',
      path: '/applications/promises',
      labelKey: 'applications:enums.step.DECLARATION',
    },
    { step: 'PAYMENT', page: 'payment', path: '/applications/payment', labelKey: 'applications:enums.step.PAYMENT' },
  ],
});

/** The forms of the fixture's folder: those of the fixture manifest and the step the tests add. */
const FORMS = ['travel-form', 'promises', 'emergency-contact'];

describe('the route manifest check', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /**
   * The findings for the fixture manifest changed by `edit`, in a folder of its own holding the manifest's
   * meta-schema (the portal's, which is not configuration) and the fixture's forms.
   */
  const findingsAfter = (edit: (manifest: Manifest) => void) => {
    dir = mkdtempSync(join(tmpdir(), 'manifest-check-'));
    const schemas = join(dir, 'schemas');
    mkdirSync(join(schemas, 'meta'), { recursive: true });
    cpSync(join(DEFAULT_DIRS.schemas, MANIFEST_META_SCHEMA), join(schemas, MANIFEST_META_SCHEMA));
    for (const form of FORMS) writeFileSync(join(schemas, `${form}.schema.json`), JSON.stringify({ $id: form }));
    const manifest = fixtureManifest();
    edit(manifest);
    const file = join(schemas, 'routes.manifest.json');
    writeFileSync(file, JSON.stringify(manifest));
    return checkManifestShape({ ...DEFAULT_DIRS, schemas, manifest: file }).map((f) => f.message);
  };
  const applications = (m: Manifest) => m.routes.find((r) => r.path === '/applications')!;
  const emergencyStep: Step = {
    step: 'EMERGENCY_CONTACT',
    form: 'emergency-contact',
    path: '/applications/emergency-contact',
    labelKey: 'applications:enums.step.EMERGENCY_CONTACT',
  };
  /** Puts steps right after the declarations. */
  const afterDeclarations = (m: Manifest, ...steps: Step[]) =>
    m.steps.splice(m.steps.findIndex((s) => s.step === 'DECLARATION') + 1, 0, ...steps);

  it('passes the configuration’s manifest, and the fixture’s', () => {
    expect(checkManifestShape(configuredDirs())).toEqual([]);
    expect(findingsAfter(() => {})).toEqual([]);
  });

  it('refuses a journey without a form step the portal’s code names (the declarations, the application form)', () => {
    const withoutDeclarations = findingsAfter((m) => {
      m.steps = m.steps.filter((s) => s.step !== 'DECLARATION');
    });
    expect(withoutDeclarations).toEqual([
      '"steps" has no form step DECLARATION: the portal\'s code names it (src/shared/forms/journey.ts), keep it with its "form"',
    ]);
    const applicationFormAsPage = findingsAfter((m) => {
      const step = m.steps.find((s) => s.step === 'APPLICATION_FORM')!;
      delete step.form;
      step.page = 'travel-form';
    });
    expect(applicationFormAsPage).toContainEqual(expect.stringMatching(/^"steps" has no form step APPLICATION_FORM: /));
  });

  it('names a step’s route without a title, which the router would refuse', () => {
    const messages = findingsAfter((m) => {
      applications(m).children!.push({ path: 'emergency-contact', form: 'emergency-contact' });
      afterDeclarations(m, emergencyStep);
    });
    expect(messages).toEqual([
      expect.stringMatching(
        /^route \/applications\/emergency-contact has no "titleKey": add it .*\(see schemas\/meta\/routes-manifest\.schema\.json\)$/,
      ),
    ]);
  });

  it('refuses a step listed twice, with its form and path, and a path declared twice', () => {
    const route = { path: 'emergency-contact', form: 'emergency-contact', titleKey: 'forms:emergencyContact.title' };
    const messages = findingsAfter((m) => {
      applications(m).children!.push(route, route);
      afterDeclarations(m, emergencyStep, emergencyStep);
    });
    expect(messages).toEqual([
      'route /applications/emergency-contact is declared twice: keep one',
      '"steps" names the step EMERGENCY_CONTACT 2 times: each step appears once in the journey, remove the extra entry',
      '"steps" names the form emergency-contact 2 times: each step\'s form appears once in the journey, remove the extra entry',
      '"steps" names the path /applications/emergency-contact 2 times: each step\'s path appears once in the journey, remove the extra entry',
    ]);
  });

  it('keeps the staff’s pages to the code: no route of the configuration below /staff', () => {
    const messages = findingsAfter((m) => {
      m.routes.push({ path: '/staff/help', page: 'help', guard: 'public', titleKey: 'common:help.title' });
    });
    expect(messages).toEqual(["route /staff/help is below /staff, the staff's own pages: choose another path"]);
  });

  it('names a form step whose route serves another form, and a step with both a form and a page', () => {
    const messages = findingsAfter((m) => {
      m.steps.find((s) => s.step === 'DECLARATION')!.form = 'travel-form';
      Object.assign(m.steps[0], { form: 'travel-form' });
    });
    expect(messages).toContainEqual(
      expect.stringMatching(/^step PHOTOS must name either a "form" .* or a "page" .*, not both/),
    );
    expect(messages).toContain(
      'step DECLARATION is the form "travel-form" but its route /applications/promises serves the form "promises": give the route "form": "travel-form"',
    );
  });

  it('names an unknown property and a wrong guard by route', () => {
    const messages = findingsAfter((m) => {
      m.routes.find((r) => r.path === '/faq')!.hideHeader = true;
      m.routes.find((r) => r.path === '/help')!.guard = 'admin';
    });
    expect(messages).toEqual([
      expect.stringContaining('route /faq has "hideHeader", which the manifest does not know'),
      expect.stringContaining('route /help: "guard" must be one of "public", "auth", "guest"'),
    ]);
  });
});
