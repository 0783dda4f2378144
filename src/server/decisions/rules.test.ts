import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDecisionRules } from '../../../tools/catalogue/decision-rules';
import { LOCALES_DIR } from '../i18n';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import {
  compileDecisionRules,
  DECISION_RULES_FILE,
  DECISION_RULES_META_SCHEMA,
  decisionRulesProblems,
  type DecisionFacts,
  type DecisionRulesFile,
} from './rules';

const meta = JSON.parse(readFileSync(join(DEFAULT_SCHEMAS_DIR, DECISION_RULES_META_SCHEMA), 'utf8'));

/** A rules file of this test's own: one objective refusal and one referral. */
const fixture = (): DecisionRulesFile => ({
  version: 'test-1',
  delaySeconds: 0,
  validity: { ETA: { years: 2 }, ETA_SECTION_11_1: { days: 10 } },
  conditions: { ETA: ['C1'], ETA_SECTION_11_1: ['C1'] },
  refusalReasons: ['TOO_OLD_PASSPORT'],
  rules: [
    {
      reasonCode: 'TOO_OLD_PASSPORT',
      outcome: 'REFUSE',
      objective: true,
      when: {
        properties: {
          travel: {
            required: ['passportDaysAfterDeparture'],
            properties: { passportDaysAfterDeparture: { maximum: 0 } },
          },
        },
        required: ['travel'],
      },
      examples: [{ travel: { passportDaysAfterDeparture: -1 } }],
      counterExamples: [{ travel: { passportDaysAfterDeparture: 1 } }],
    },
    {
      reasonCode: 'SAID_YES',
      outcome: 'REFER',
      when: {
        required: ['declarations'],
        properties: { declarations: { required: ['x'], properties: { x: { const: true } } } },
      },
      examples: [{ declarations: { x: true } }],
    },
  ],
});

const facts = (overrides: Partial<DecisionFacts> = {}): DecisionFacts => ({
  applicationType: 'ETA',
  applicant: { age: 30, nationality: 'FR', passportIssuingCountry: 'FR', isAccountHolder: true },
  answers: {},
  declarations: {},
  documents: [],
  travel: { passportDaysAfterDeparture: 100, stayDays: 10 },
  ...overrides,
});

describe('decision rules', () => {
  it('ships a rules file that its meta schema, its examples and every language accept', () => {
    const shipped = JSON.parse(readFileSync(join(DEFAULT_SCHEMAS_DIR, DECISION_RULES_FILE), 'utf8'));
    expect(decisionRulesProblems(shipped, meta)).toEqual([]);
    expect(checkDecisionRules({ schemas: DEFAULT_SCHEMAS_DIR, locales: LOCALES_DIR })).toEqual([]);
  });

  it('approves when nothing holds, refers when only a referral holds, and refuses when an objective rule holds', () => {
    const rules = compileDecisionRules(fixture());
    expect(rules.evaluate(facts())).toEqual({ outcome: 'APPROVE', reasonCodes: [] });
    expect(rules.evaluate(facts({ declarations: { x: true } }))).toEqual({
      outcome: 'REFER',
      reasonCodes: ['SAID_YES'],
    });
    expect(rules.evaluate(facts({ declarations: { x: true }, travel: { passportDaysAfterDeparture: -3 } }))).toEqual({
      outcome: 'REFUSE',
      reasonCodes: ['TOO_OLD_PASSPORT'],
    });
  });

  it('refuses a file whose refusal is not objective, not a configured reason, or wrong about its examples', () => {
    expect(decisionRulesProblems(fixture(), meta)).toEqual([]);
    const notObjective = fixture();
    delete notObjective.rules[0].objective;
    expect(decisionRulesProblems(notObjective, meta).join('\n')).toMatch(/objective/);
    const unknownReason = fixture();
    unknownReason.refusalReasons = ['OTHER'];
    expect(decisionRulesProblems(unknownReason, meta)).toEqual([
      '/rules/0 (TOO_OLD_PASSPORT) refuses for a reason that is not in refusalReasons: add it there',
    ]);
    const wrongExample = fixture();
    wrongExample.rules[1].counterExamples = [{ declarations: { x: true } }];
    expect(decisionRulesProblems(wrongExample, meta)).toEqual([
      '/rules/1/counterExamples/0 (SAID_YES): its "when" holds for this example',
    ]);
  });

  it('takes validity in calendar years or in days, never a bare number', () => {
    const inDays = fixture();
    inDays.validity = { ETA: { days: 730 }, ETA_SECTION_11_1: { days: 90 } };
    expect(decisionRulesProblems(inDays, meta)).toEqual([]);
    const bare = { ...fixture(), validity: { ETA: 730, ETA_SECTION_11_1: { days: 90 } } };
    expect(decisionRulesProblems(bare, meta).join('\n')).toMatch(/^\/validity\/ETA /m);
    const both = { ...fixture(), validity: { ETA: { years: 2, days: 1 }, ETA_SECTION_11_1: { days: 90 } } };
    expect(decisionRulesProblems(both, meta).join('\n')).toMatch(/^\/validity\/ETA /m);
  });
});
