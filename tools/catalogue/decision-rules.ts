/**
 * The catalogue check of schemas/decisions.rules.json: the file matches its meta schema
 * (schemas/meta/decisions-rules.schema.json), every condition compiles and holds for its examples only, every
 * refusing rule's reason is a configured refusal reason, and every refusal reason and condition has its texts
 * (decisions:reasons.<CODE>.text and .meaning, decisions:conditions.<CODE>) in every language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DECISION_RULES_FILE,
  DECISION_RULES_META_SCHEMA,
  decisionRulesProblems,
  type DecisionRulesFile,
} from '../../src/server/decisions/rules';
import { languagesIn } from '../../src/server/languages';

interface Dirs {
  schemas: string;
  locales: string;
}

type Texts = Record<string, Record<string, unknown>>;

const textAt = (texts: Texts, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Texts)[key] : undefined), texts);

export function checkDecisionRules(dirs: Dirs): { file: string; message: string }[] {
  const file = `schemas/${DECISION_RULES_FILE}`;
  const rulesPath = join(dirs.schemas, DECISION_RULES_FILE);
  if (!existsSync(rulesPath)) return [];
  const content = JSON.parse(readFileSync(rulesPath, 'utf8')) as DecisionRulesFile;
  const meta = JSON.parse(readFileSync(join(dirs.schemas, DECISION_RULES_META_SCHEMA), 'utf8')) as Record<
    string,
    unknown
  >;
  const problems = decisionRulesProblems(content, meta);
  if (problems.length > 0) {
    return problems.map((problem) => ({
      file,
      message: `${problem}: see schemas/${DECISION_RULES_META_SCHEMA} for what the file holds`,
    }));
  }
  const needed = [
    ...content.refusalReasons.flatMap((code) => [
      ['reasons', code, 'text'],
      ['reasons', code, 'meaning'],
    ]),
    ...[...new Set(Object.values(content.conditions).flat())].map((code) => ['conditions', code]),
  ];
  const findings: { file: string; message: string }[] = [];
  for (const lang of languagesIn(dirs.locales)) {
    const textsPath = join(dirs.locales, lang, 'decisions.json');
    const texts = existsSync(textsPath) ? (JSON.parse(readFileSync(textsPath, 'utf8')) as Texts) : {};
    for (const path of needed) {
      const text = textAt(texts, path);
      if (typeof text !== 'string' || text.trim() === '')
        findings.push({
          file: `locales/${lang}/decisions.json`,
          message: `${file} names ${path[1]}, which has no text at ${path.join('.')}: add it`,
        });
    }
  }
  return findings;
}
