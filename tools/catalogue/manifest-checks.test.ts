// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS } from './checks';
import { checkManifestShape } from './manifest-checks';

interface Route {
  path: string;
  form?: string;
  titleKey?: string;
  children?: Route[];
  [key: string]: unknown;
}
interface Manifest {
  routes: Route[];
  steps: { step: string; form?: string; page?: string; path: string; labelKey: string }[];
}

describe('the route manifest check', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** The findings for a copy of the repository's schemas/ whose manifest `edit` changed. */
  const findingsAfter = (edit: (manifest: Manifest) => void) => {
    dir = mkdtempSync(join(tmpdir(), 'manifest-check-'));
    cpSync(DEFAULT_DIRS.schemas, join(dir, 'schemas'), { recursive: true });
    const file = join(dir, 'schemas', 'routes.manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    edit(manifest);
    writeFileSync(file, JSON.stringify(manifest));
    return checkManifestShape({ ...DEFAULT_DIRS, schemas: join(dir, 'schemas'), manifest: file }).map((f) => f.message);
  };
  const applications = (m: Manifest) => m.routes.find((r) => r.path === '/applications')!;
  const emergencyStep = {
    step: 'EMERGENCY_CONTACT',
    form: 'emergency-contact',
    path: '/applications/emergency-contact',
    labelKey: 'applications:enums.step.EMERGENCY_CONTACT',
  };

  it('passes the repository’s manifest', () => {
    expect(checkManifestShape(DEFAULT_DIRS)).toEqual([]);
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
      step.page = 'application-form';
    });
    expect(applicationFormAsPage).toContainEqual(expect.stringMatching(/^"steps" has no form step APPLICATION_FORM: /));
  });

  it('names a step’s route without a title, which the router would refuse', () => {
    const messages = findingsAfter((m) => {
      applications(m).children!.push({ path: 'emergency-contact', form: 'emergency-contact' });
      m.steps.splice(3, 0, emergencyStep);
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
      m.steps.splice(3, 0, emergencyStep, emergencyStep);
    });
    expect(messages).toEqual([
      'route /applications/emergency-contact is declared twice: keep one',
      '"steps" names the step EMERGENCY_CONTACT 2 times: each step appears once in the journey, remove the extra entry',
      '"steps" names the form emergency-contact 2 times: each step\'s form appears once in the journey, remove the extra entry',
      '"steps" names the path /applications/emergency-contact 2 times: each step\'s path appears once in the journey, remove the extra entry',
    ]);
  });

  it('names a form step whose route serves another form, and a step with both a form and a page', () => {
    const messages = findingsAfter((m) => {
      m.steps.find((s) => s.step === 'DECLARATION')!.form = 'application-form';
      Object.assign(m.steps[0], { form: 'application-form' });
    });
    expect(messages).toContainEqual(
      expect.stringMatching(/^step CAPTURE_BIOMETRICS must name either a "form" .* or a "page" .*, not both/),
    );
    expect(messages).toContain(
      'step DECLARATION is the form "application-form" but its route /applications/declarations serves the form "declarations": give the route "form": "application-form"',
    );
  });

  it('names an unknown property and a wrong guard by route', () => {
    const messages = findingsAfter((m) => {
      m.routes[1].hideHeader = true;
      m.routes[2].guard = 'admin';
    });
    expect(messages).toEqual([
      expect.stringContaining('route /faq has "hideHeader", which the manifest does not know'),
      expect.stringContaining('route /registration-warning: "guard" must be one of "public", "auth", "guest"'),
    ]);
  });
});
