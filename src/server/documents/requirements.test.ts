import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocumentRules } from '../../../tools/catalogue/documents-rules';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import {
  ageOn,
  compileRules,
  loadDocumentRules,
  RULES_FILE,
  RULES_META_SCHEMA,
  rulesProblems,
  type DocumentFacts,
  type DocumentRule,
} from './requirements';
import { languagesIn } from '../languages';

const LOCALES_DIR = path.resolve(DEFAULT_SCHEMAS_DIR, '../locales');
const rulesFile = JSON.parse(readFileSync(path.join(DEFAULT_SCHEMAS_DIR, RULES_FILE), 'utf8')) as {
  documents: DocumentRule[];
};
const meta = JSON.parse(readFileSync(path.join(DEFAULT_SCHEMAS_DIR, RULES_META_SCHEMA), 'utf8'));
const rules = loadDocumentRules(DEFAULT_SCHEMAS_DIR);

/** Facts of an adult on an ETA on holiday who answered no to every declaration. */
const facts = (overrides: Partial<DocumentFacts> = {}): DocumentFacts => ({
  applicationType: 'ETA',
  applicant: { age: 40, nationality: 'FR', passportIssuingCountry: 'FR', isAccountHolder: true },
  answers: { purposeOfVisit: 'VACATION_HOLIDAY' },
  declarations: { yellowFeverTravel: false },
  ...overrides,
});
const typesOf = (f: DocumentFacts) => rules.evaluate(f).map((r) => r.documentType);
const required = (f: DocumentFacts) =>
  rules
    .evaluate(f)
    .filter((r) => r.required)
    .map((r) => r.documentType);
/** A rule's example is the part of the facts its condition reads. */
const asFacts = (example: Record<string, unknown>) => example as unknown as DocumentFacts;

describe('the supporting documents rules (schemas/documents.rules.json)', () => {
  it('are valid against their meta schema, every condition compiles and holds for its examples only', () => {
    expect(rulesProblems(rulesFile, meta)).toEqual([]);
  });

  it.each(rulesFile.documents.map((rule) => [rule.documentType, rule] as const))(
    '%s is asked for with each example of its rule, and not for its counter-examples',
    (type, rule) => {
      expect(rule.examples?.length, `examples of the rule ${type}`).toBeGreaterThan(0);
      for (const example of rule.examples ?? []) {
        expect(typesOf(asFacts(example))).toContain(type);
        if (rule.required) expect(required(asFacts(example))).toContain(type);
      }
      const others = rulesFile.documents.filter((r) => r.documentType === type && r !== rule);
      for (const example of rule.counterExamples ?? []) {
        // Another rule of the same type may still ask for it; this rule alone must not.
        const alone = compileRules({ documents: [rule] }).evaluate(asFacts(example));
        expect(alone.map((r) => r.documentType)).not.toContain(type);
        if (others.length === 0) expect(typesOf(asFacts(example))).not.toContain(type);
      }
    },
  );

  it('always offer OTHER, last and optional', () => {
    for (const f of [facts(), facts({ applicationType: 'ETA_SECTION_11_1' }), facts({ answers: {}, declarations: {} })])
      expect(rules.evaluate(f).at(-1)).toEqual({ documentType: 'OTHER', required: false });
  });

  it('list the types that hold in file order, then OTHER', () => {
    const compiled = compileRules({
      documents: [
        {
          documentType: 'PROOF_OF_FUNDS',
          when: { properties: { applicationType: { const: 'VISA' } } },
          required: true,
        },
        { documentType: 'PROOF_OF_ACCOMMODATION', when: {}, required: true },
        { documentType: 'INVITATION', when: { properties: { answers: { required: ['host'] } } }, required: false },
      ],
    });
    expect(compiled.evaluate(facts())).toEqual([
      { documentType: 'PROOF_OF_ACCOMMODATION', required: true },
      { documentType: 'OTHER', required: false },
    ]);
    expect(compiled.evaluate(facts({ applicationType: 'VISA', answers: { host: 'Ana' } }))).toEqual([
      { documentType: 'PROOF_OF_FUNDS', required: true },
      { documentType: 'PROOF_OF_ACCOMMODATION', required: true },
      { documentType: 'INVITATION', required: false },
      { documentType: 'OTHER', required: false },
    ]);
  });

  it('treat a child as under 18 up to the day before the 18th birthday', () => {
    expect(ageOn('2008-06-15', new Date('2026-06-14T23:59:59Z'))).toBe(17);
    expect(ageOn('2008-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(18);
  });

  it('make a type required when any rule that holds says so, and offered when only optional ones hold', () => {
    const compiled = compileRules({
      documents: [
        { documentType: 'VISA_LETTER', when: {}, required: false },
        { documentType: 'VISA_LETTER', when: { properties: { applicationType: { const: 'X' } } }, required: true },
      ],
    });
    expect(compiled.evaluate(facts())[0]).toEqual({ documentType: 'VISA_LETTER', required: false });
    expect(compiled.evaluate(facts({ applicationType: 'X' }))[0]).toEqual({
      documentType: 'VISA_LETTER',
      required: true,
    });
  });

  it('refuse a file that is not what the meta schema says: lower-case types, OTHER, expression strings, no example', () => {
    const bad = (rule: Record<string, unknown>) => rulesProblems({ documents: [{ examples: [{}], ...rule }] }, meta);
    expect(bad({ documentType: 'proof', when: {}, required: true })).not.toEqual([]);
    expect(bad({ documentType: 'OTHER', when: {}, required: false })).not.toEqual([]);
    expect(bad({ documentType: 'TICKET', when: 'applicant.age < 18', required: true })).not.toEqual([]);
    expect(bad({ documentType: 'TICKET', when: {}, required: 'yes' })).not.toEqual([]);
    expect(bad({ documentType: 'TICKET', when: {}, required: true, examples: [] })).not.toEqual([]);
    expect(bad({ documentType: 'TICKET', when: { type: 'nonsense' }, required: true })[0]).toMatch(
      /TICKET.*not a valid JSON Schema/,
    );
  });
});

describe('npm run check:schemas on the documents rules', () => {
  it('passes on the repository, and names a missing text and a broken rule', () => {
    expect(checkDocumentRules({ schemas: DEFAULT_SCHEMAS_DIR, locales: LOCALES_DIR })).toEqual([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'eta-doc-rules-'));
    try {
      const schemas = path.join(dir, 'schemas');
      const locales = path.join(dir, 'locales');
      cpSync(DEFAULT_SCHEMAS_DIR, schemas, { recursive: true });
      cpSync(LOCALES_DIR, locales, { recursive: true });
      const edited = structuredClone(rulesFile);
      edited.documents.push({ documentType: 'HOTEL_VOUCHER', when: {}, required: false, examples: [{}] });
      writeFileSync(path.join(schemas, RULES_FILE), JSON.stringify(edited));
      const findings = checkDocumentRules({ schemas, locales });
      const languages = languagesIn(locales);
      // A label and a hint in every language.
      expect(findings).toHaveLength(2 * languages.length);
      expect(findings[0].message).toContain('HOTEL_VOUCHER');
      expect(findings.map((f) => f.file)).toContain(`locales/${languages[0]}/documents.json`);

      const wrong = structuredClone(rulesFile);
      wrong.documents[0].counterExamples = [...(wrong.documents[0].examples ?? [])];
      writeFileSync(path.join(schemas, RULES_FILE), JSON.stringify(wrong));
      expect(checkDocumentRules({ schemas, locales })[0].message).toMatch(
        new RegExp(`counterExamples/0 \\(${wrong.documents[0].documentType}\\): its "when" holds`),
      );

      edited.documents.push({ documentType: 'bad type', when: {}, required: true });
      writeFileSync(path.join(schemas, RULES_FILE), JSON.stringify(edited));
      expect(checkDocumentRules({ schemas, locales })[0].file).toBe('schemas/documents.rules.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
