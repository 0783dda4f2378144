import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import '../../src/shared/rules/all-rules';
import { getRule, ruleLoaders } from '../../src/shared/rules/registry';
import { rulesOf } from '../../src/shared/rules/run-rules';
import { GENERIC_KEYS } from '../../src/shared/validation/field-errors';
import type { JsonSchema } from '../../src/shared/validation/schema-walk';
import { listFormIds } from '../../src/server/validation/precompile';
import { loadSchemaFiles } from '../../src/server/validation/schema-files';
import { isObject, readJson, walkUi } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';
import { didYouMean } from './suggest';
import { languages, lookup, placeholders } from './locale-text';

// The i18n keys the catalogue uses, and the check that each has its text in every language.

/** A key use: "ns:key" and where it was found. */
export interface KeyUse {
  key: string;
  file: string;
}

function collectSchemaKeys(node: unknown, file: string, out: KeyUse[], resolveEnum: (s: JsonSchema) => JsonSchema) {
  if (Array.isArray(node)) {
    for (const n of node) collectSchemaKeys(n, file, out, resolveEnum);
    return;
  }
  if (!isObject(node)) return;
  const em = node.errorMessage;
  const addMessages = (v: unknown) => {
    if (typeof v === 'string') out.push({ key: v, file });
    else if (isObject(v)) for (const x of Object.values(v)) addMessages(x);
  };
  if (em !== undefined) addMessages(em);
  for (const config of rulesOf(node as JsonSchema)) {
    const rule = ruleLoaders[config.rule] ? getRule(config.rule) : undefined;
    if (rule) for (const key of rule.messageKeys(config)) out.push({ key, file });
  }
  if (typeof node['x-enumLabels'] === 'string' && Array.isArray(node.enum)) {
    for (const v of node.enum) out.push({ key: `${node['x-enumLabels']}.${String(v)}`, file });
  }
  for (const [k, v] of Object.entries(node))
    if (k !== 'errorMessage' && k !== 'x-rules') collectSchemaKeys(v, file, out, resolveEnum);
}

const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];

/** Every i18n key used by schemas, UI schemas and the manifest, with the file using it. */
export function usedKeys(dirs: CatalogueDirs = DEFAULT_DIRS): KeyUse[] {
  const out: KeyUse[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  for (const f of files) collectSchemaKeys(f.schema, `schemas/${f.file}`, out, (s) => s);
  for (const key of Object.values(GENERIC_KEYS)) out.push({ key, file: 'src/shared/validation/field-errors.ts' });
  for (const id of listFormIds(dirs.schemas)) {
    const path = join(dirs.schemas, `${id}.ui.json`);
    if (!existsSync(path)) continue;
    const ui = readJson(path);
    walkUi(ui, (node) => {
      for (const k of UI_TEXT_KEYS)
        if (typeof node[k] === 'string') out.push({ key: node[k] as string, file: `schemas/${id}.ui.json` });
      const pages = node['ui:pages'];
      if (Array.isArray(pages))
        for (const p of pages)
          if (isObject(p) && typeof p.titleKey === 'string')
            out.push({ key: p.titleKey, file: `schemas/${id}.ui.json` });
    });
  }
  if (existsSync(dirs.manifest)) {
    const walk = (routes: unknown) => {
      if (!Array.isArray(routes)) return;
      for (const r of routes) {
        if (!isObject(r)) continue;
        if (typeof r.titleKey === 'string') out.push({ key: r.titleKey, file: 'schemas/routes.manifest.json' });
        walk(r.children);
      }
    };
    walk((readJson(dirs.manifest) as { routes?: unknown }).routes);
    const steps = (readJson(dirs.manifest) as { steps?: unknown }).steps;
    if (Array.isArray(steps))
      for (const s of steps)
        if (isObject(s) && typeof s.labelKey === 'string')
          out.push({ key: s.labelKey, file: 'schemas/routes.manifest.json' });
  }
  return out;
}

/** The texts' namespaces: the files of the English folder. */
function namespacesOf(dirs: CatalogueDirs): string[] {
  const english = join(dirs.locales, 'en');
  return existsSync(english)
    ? readdirSync(english)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
    : [];
}

/** Every used key is "ns:key", exists in every language, with the same {{placeholders}} as English. */
export function checkKeys(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const langs = languages(dirs);
  const seen = new Set<string>();
  for (const { key, file } of usedKeys(dirs)) {
    if (seen.has(`${file}|${key}`)) continue;
    seen.add(`${file}|${key}`);
    if (!/^[a-z][a-z0-9-]*:[A-Za-z0-9_.-]+$/.test(key)) {
      findings.push({
        file,
        message: `uses "${key}", which is not an i18n key of the form "namespace:key": write the text in locales/<lng>/<namespace>.json and use its key`,
      });
      continue;
    }
    const namespace = key.slice(0, key.indexOf(':'));
    const namespaces = namespacesOf(dirs);
    if (!namespaces.includes(namespace)) {
      findings.push({
        file,
        message: `uses ${key}, whose namespace "${namespace}" is none of the texts' files (locales/en/<namespace>.json)${didYouMean(namespace, namespaces)}: correct the key's namespace`,
      });
      continue;
    }
    const en = lookup(dirs, 'en', key);
    for (const lang of langs) {
      const text = lookup(dirs, lang, key);
      const ns = key.slice(0, key.indexOf(':'));
      if (text === undefined) {
        findings.push({ file, message: `uses ${key}, which is missing from locales/${lang}/${ns}.json: add it` });
      } else if (en !== undefined && placeholders(text).join() !== placeholders(en).join()) {
        findings.push({
          file: `locales/${lang}/${ns}.json`,
          message: `${key} has placeholders {{${placeholders(text).join('}}, {{')}}} but English has {{${placeholders(en).join('}}, {{')}}}: use the same names`,
        });
      }
    }
  }
  return findings;
}
