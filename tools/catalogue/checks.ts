/**
 * The catalogue checks run by `npm run check:schemas` and by the catalogue tests: every schema compiles in ajv
 * strict mode, examples validate, named widgets exist, every i18n key exists in every language with the same
 * placeholders, manifest targets resolve, every page of a form can be reached, and every English text is used.
 *
 * This is the catalogue checks' entry module: it runs them in order and answers the findings, printing nothing.
 * Each check is a module of its own here, reading the catalogue and answering findings (see finding.ts).
 */
import { checkDecisionRules } from './decision-rules';
import { DEFAULT_DIRS, ROOT } from './dirs';
import { checkDocumentRules } from './documents-rules';
import type { CatalogueDirs, Finding } from './finding';
import { checkJsonFiles } from './json-syntax';
import { checkKeys } from './key-checks';
import { checkLabels } from './label-checks';
import { checkManifestShape } from './manifest-checks';
import { checkManifest } from './manifest-targets';
import { checkMessages } from './message-checks';
import { checkPages } from './page-checks';
import { checkReliedFields } from './relied-field-checks';
import { checkCompile, checkExamples } from './schema-checks';
import { checkSpecMessages } from './spec-messages';
import { checkTranslations } from './translation-checks';
import { checkUnusedTexts } from './unused-texts';
import { checkWidgets } from './widget-checks';

export type { CatalogueDirs, Finding } from './finding';
export { configuredDirs, DEFAULT_DIRS, makeScratchDir, ROOT } from './dirs';
export { catalogue, registeredNames } from './catalogue-files';
export { checkCompile, checkExamples, validateById } from './schema-checks';
export { checkWidgets } from './widget-checks';
export { checkKeys, usedKeys, type KeyUse } from './key-checks';
export { clearLocaleCache, languages, lookup } from './locale-text';
export { checkTranslations } from './translation-checks';
export { checkLabels } from './label-checks';
export { checkManifest } from './manifest-targets';
export { checkPages } from './page-checks';
export { checkSpecMessages, SPEC_MESSAGES } from './spec-messages';
export { checkUnusedTexts } from './unused-texts';

/**
 * Every check, in the order they are reported: what a form is made of (the manifest, its pages, widgets and texts)
 * before what follows from it (its examples, its messages), so that a misspelt field is named before the examples it
 * makes fail.
 */
export const ALL_CHECKS = {
  compile: checkCompile,
  manifestShape: checkManifestShape,
  manifest: checkManifest,
  pages: checkPages,
  reliedFields: checkReliedFields,
  widgets: checkWidgets,
  labels: checkLabels,
  keys: checkKeys,
  translations: checkTranslations,
  messages: checkMessages,
  examples: checkExamples,
  specMessages: checkSpecMessages,
  documentRules: checkDocumentRules,
  decisionRules: checkDecisionRules,
  unusedTexts: checkUnusedTexts,
} as const;

/**
 * Runs every check; a JSON file that does not parse is reported alone, with its line and column, and a schema that
 * does not compile alone with the other compile findings (the checks after it would only fail on it again). A check
 * that fails in a way it did not foresee is one finding naming it, and the checks after it still run.
 */
export function runAllChecks(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const broken = checkJsonFiles(ROOT, [dirs.schemas, dirs.locales]);
  if (broken.length > 0) return broken;
  const compiled = checkCompile(dirs);
  if (compiled.some((finding) => !finding.warning)) return compiled;
  return [
    ...compiled,
    ...Object.entries(ALL_CHECKS)
      .filter(([name]) => name !== 'compile')
      .flatMap(([name, check]) => {
        try {
          return check(dirs);
        } catch (error) {
          return [{ file: dirs.schemas, message: `the ${name} check could not finish: ${(error as Error).message}` }];
        }
      }),
  ];
}
