import { describe, expect, it } from 'vitest';
import { getRule, loadRules, ruleLoaders, ruleNamesIn, rulesLoaded } from './registry';

describe('the rule registry', () => {
  it('finds every rule a schema names, in nested properties, items and branches', () => {
    const schema = {
      'x-rules': [{ rule: 'sameAs', field: 'b', as: 'a' }],
      properties: {
        trip: { 'x-rules': [{ rule: 'tripDates' }] },
        list: { items: { 'x-rules': [{ rule: 'phoneNumber' }] } },
      },
      allOf: [{ then: { 'x-rules': [{ rule: 'pastDate', fields: ['x'] }] } }],
    };
    expect(ruleNamesIn(schema).sort()).toEqual(['pastDate', 'phoneNumber', 'sameAs', 'tripDates']);
  });

  it('loads rules by name, and refuses a name that is not a rule', async () => {
    await loadRules(['sameAs']);
    expect(rulesLoaded(['sameAs'])).toBe(true);
    expect(getRule('sameAs').messageKeys({ rule: 'sameAs', field: 'b', as: 'a' }).length).toBeGreaterThan(0);
    await expect(loadRules(['noSuchRule'])).rejects.toThrow('Unknown rule "noSuchRule"');
    expect(() => getRule('noSuchRule')).toThrow('Unknown rule "noSuchRule"');
  });

  it('loads every rule when no names are given', async () => {
    await loadRules();
    expect(rulesLoaded(Object.keys(ruleLoaders))).toBe(true);
  });
});
