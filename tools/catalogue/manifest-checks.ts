/**
 * The route manifest's own checks: schemas/routes.manifest.json against its meta-schema
 * (schemas/meta/routes-manifest.schema.json), then what that schema cannot say: each path is declared once, each
 * step, form, page and path of the journey appears once in `steps`, and a form step's route serves that form.
 * Each problem is one line naming the route or step and what to do.
 */
import Ajv, { type ErrorObject } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeFullPath } from '../../src/shared/manifest-routes';
import { NAMED_FORM_STEPS } from '../../src/shared/forms/journey';
import { isStaffPath, STAFF_ROOT } from '../../src/shared/staff-routes';
import { listFormIds } from '../../src/server/validation/precompile';
import type { CatalogueDirs, Finding } from './finding';

const FILE = 'schemas/routes.manifest.json';
/** The meta-schema, relative to the schemas folder. */
export const MANIFEST_META_SCHEMA = 'meta/routes-manifest.schema.json';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

interface FlatRoute {
  fullPath: string;
  route: Record<string, unknown>;
}

/** Every route of the manifest with its full path, parents first. */
function flatRoutes(routes: unknown, prefix = ''): FlatRoute[] {
  if (!Array.isArray(routes)) return [];
  return routes.filter(isObject).flatMap((route) => {
    const fullPath = routeFullPath(String(route.path ?? ''), prefix);
    return [{ fullPath, route }, ...flatRoutes(route.children, fullPath)];
  });
}

/** What a JSON pointer into the manifest is about: "route /applications/x", "step EMERGENCY_CONTACT", and the rest. */
function describe(manifest: Record<string, unknown>, pointer: string): { where: string; property?: string } {
  const parts = pointer.split('/').slice(1);
  let where = 'the manifest';
  let node: unknown = manifest;
  let prefix = '';
  let i = 0;
  while (i < parts.length) {
    const [list, index] = [parts[i], parts[i + 1]];
    if ((list === 'routes' || list === 'children') && index !== undefined && isObject(node)) {
      const route = (node[list] as unknown[] | undefined)?.[Number(index)];
      if (!isObject(route)) break;
      prefix = routeFullPath(String(route.path ?? ''), prefix);
      where = `route ${prefix}`;
      node = route;
      i += 2;
    } else if (list === 'steps' && index !== undefined && node === manifest) {
      const step = (manifest.steps as unknown[] | undefined)?.[Number(index)];
      where = isObject(step) && typeof step.step === 'string' ? `step ${step.step}` : `step ${Number(index) + 1}`;
      node = step;
      i += 2;
    } else break;
  }
  const rest = parts.slice(i).join('.');
  return rest ? { where, property: rest } : { where };
}

/** One ajv error of the manifest as a plain-English line. */
function explain(manifest: Record<string, unknown>, error: ErrorObject): string | undefined {
  const { where, property } = describe(manifest, error.instancePath);
  const at = property ? `${where}: "${property}"` : where;
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      const hint =
        missing === 'titleKey'
          ? ' (the i18n key of the page title, e.g. "forms:<formKey>.title", with its text in every language)'
          : missing === 'guard'
            ? ' ("public", "auth" or "guest")'
            : '';
      return `${at} has no "${missing}": add it${hint}`;
    }
    case 'additionalProperties':
      return `${at} has "${String(error.params.additionalProperty)}", which the manifest does not know: correct the name or remove it`;
    case 'enum':
      return `${at} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return `${at} is not written as the manifest expects (${String(error.params.pattern)}): ${property === 'path' && where.startsWith('route') ? 'a top-level path starts with "/", a child path does not' : 'correct it'}`;
    case 'oneOf':
      return `${at} must name either a "form" (a form step) or a "page" (a step that is not a form), not both`;
    case 'false schema':
      return `${at} is not allowed here${property === 'query' ? ' (a page rendered ahead reads no query)' : ''}`;
    case 'if':
      return undefined;
    default:
      return `${at} ${error.message ?? 'is not valid'}`;
  }
}

/** The manifest against its meta-schema, then the rules the meta-schema cannot express. */
export function checkManifestShape(dirs: CatalogueDirs): Finding[] {
  if (!existsSync(dirs.manifest)) return [];
  const manifest = JSON.parse(readFileSync(dirs.manifest, 'utf8')) as unknown;
  const metaPath = join(dirs.schemas, MANIFEST_META_SCHEMA);
  if (!existsSync(metaPath)) {
    return [{ file: `schemas/${MANIFEST_META_SCHEMA}`, message: 'is missing: the route manifest cannot be checked' }];
  }
  const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(metaPath, 'utf8')));
  if (!validate(manifest) || !isObject(manifest)) {
    const errors = validate.errors ?? [];
    // A step that fails its "form or page" choice also reports each branch's missing property: the choice says it.
    const choices = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
    const lines = errors
      .filter((e) => !(e.keyword === 'required' && choices.has(e.instancePath) && /\/oneOf\//.test(e.schemaPath)))
      .map((e) => (isObject(manifest) ? explain(manifest, e) : `the manifest ${e.message}`))
      .filter((line): line is string => !!line);
    const messages = [...new Set(lines)];
    const shape = (messages.length ? messages : ['does not match its meta-schema']).map((message) => ({
      file: FILE,
      message: `${message} (see schemas/${MANIFEST_META_SCHEMA})`,
    }));
    return isObject(manifest) ? [...shape, ...uniqueness(manifest, new Set(listFormIds(dirs.schemas)))] : shape;
  }
  return uniqueness(manifest, new Set(listFormIds(dirs.schemas)));
}

/** The form steps the portal's code names (NAMED_FORM_STEPS): each must be in the journey, with its form. */
function namedSteps(steps: readonly Record<string, unknown>[]): Finding[] {
  return NAMED_FORM_STEPS.filter((name) => typeof steps.find((s) => s.step === name)?.form !== 'string').map(
    (name) => ({
      file: FILE,
      message: `"steps" has no form step ${name}: the portal's code names it (src/shared/forms/journey.ts), keep it with its "form"`,
    }),
  );
}

/** What must be unique, the steps the code names, and a form step's route must serve its form. */
function uniqueness(manifest: Record<string, unknown>, forms: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const routes = flatRoutes(manifest.routes);
  const seen = new Set<string>();
  for (const { fullPath } of routes) {
    if (seen.has(fullPath)) {
      findings.push({ file: FILE, message: `route ${fullPath} is declared twice: keep one` });
    }
    seen.add(fullPath);
    // The staff's pages are the code's own (src/shared/staff-routes.ts): no route of the configuration may take them.
    if (isStaffPath(fullPath)) {
      findings.push({
        file: FILE,
        message: `route ${fullPath} is below ${STAFF_ROOT}, the staff's own pages: choose another path`,
      });
    }
  }
  const steps = Array.isArray(manifest.steps) ? manifest.steps.filter(isObject) : [];
  for (const property of ['step', 'form', 'page', 'path'] as const) {
    const counted = new Map<string, number>();
    for (const s of steps)
      if (typeof s[property] === 'string') counted.set(s[property], (counted.get(s[property]) ?? 0) + 1);
    for (const [value, count] of counted) {
      if (count > 1) {
        findings.push({
          file: FILE,
          message: `"steps" names the ${property} ${value} ${count} times: each ${property === 'step' ? 'step' : `step's ${property}`} appears once in the journey, remove the extra entry`,
        });
      }
    }
  }
  findings.push(...namedSteps(steps));
  const byPath = new Map<string, Record<string, unknown>>();
  for (const r of routes) if (!byPath.has(r.fullPath)) byPath.set(r.fullPath, r.route);
  for (const s of steps) {
    const route = typeof s.path === 'string' ? byPath.get(s.path) : undefined;
    // A step naming a form that does not exist is named as such (manifest-targets.ts), not copied into its route.
    if (!route || typeof s.form !== 'string' || !forms.has(s.form)) continue;
    if (route.form !== s.form) {
      findings.push({
        file: FILE,
        message: `step ${String(s.step)} is the form "${s.form}" but its route ${String(s.path)} ${typeof route.form === 'string' ? `serves the form "${route.form}"` : 'names no form'}: give the route "form": "${s.form}"`,
      });
    }
  }
  return findings;
}
