/**
 * The catalogue check of schemas/documents.rules.json: the file matches its meta schema
 * (schemas/meta/documents-rules.schema.json), every condition compiles, and every document type it names, and
 * OTHER, has its texts documents:types.<TYPE>.label and .hint in every language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OTHER_DOCUMENT_TYPE } from '../../src/shared/contract/documents';
import { RULES_FILE, RULES_META_SCHEMA, rulesProblems } from '../../src/server/documents/requirements';
import { languagesIn } from '../../src/server/languages';

interface Dirs {
  schemas: string;
  locales: string;
}

export function checkDocumentRules(dirs: Dirs): { file: string; message: string }[] {
  const file = `schemas/${RULES_FILE}`;
  const rulesPath = join(dirs.schemas, RULES_FILE);
  if (!existsSync(rulesPath)) return [];
  const content = JSON.parse(readFileSync(rulesPath, 'utf8')) as { documents?: { documentType?: unknown }[] };
  const meta = JSON.parse(readFileSync(join(dirs.schemas, RULES_META_SCHEMA), 'utf8')) as Record<string, unknown>;
  const problems = rulesProblems(content, meta);
  if (problems.length > 0) {
    return problems.map((problem) => ({
      file,
      message: `${problem}: see schemas/${RULES_META_SCHEMA} for what a rule holds`,
    }));
  }
  const types = [...new Set((content.documents ?? []).map((rule) => String(rule.documentType))), OTHER_DOCUMENT_TYPE];
  const findings: { file: string; message: string }[] = [];
  for (const lang of languagesIn(dirs.locales)) {
    const textsPath = join(dirs.locales, lang, 'documents.json');
    const texts = existsSync(textsPath)
      ? (JSON.parse(readFileSync(textsPath, 'utf8')) as { types?: Record<string, Record<string, unknown>> })
      : {};
    for (const type of types) {
      for (const part of ['label', 'hint']) {
        const text = texts.types?.[type]?.[part];
        if (typeof text !== 'string' || text.trim() === '') {
          findings.push({
            file: `locales/${lang}/documents.json`,
            message: `the document type ${type} of ${file} has no text at types.${type}.${part}: add it`,
          });
        }
      }
    }
  }
  return findings;
}
