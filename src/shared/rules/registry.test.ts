import '@/engine/testing/forms-loaded';
import { describe, expect, it, vi } from 'vitest';
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

  it('passes over a rule loaded later only where the browser allows it, and judges with it once loaded', async () => {
    // A fresh registry, with nothing loaded yet (the test set-up loads every rule in the shared one).
    vi.resetModules();
    const registry = await import('./registry');
    const { runRules } = await import('./run-rules');
    const { createRefResolver } = await import('../validation/schema-walk');
    const [later] = [...registry.rulesLoadedLater];
    expect(later).toBe('phoneNumber');
    const schema = { $id: 'f', 'x-rules': [{ rule: later }] };
    const answers = { isoAlpha2Code: 'GB', mobileNumber: '123' };
    const run = () => runRules(schema, answers, createRefResolver({ f: schema }), 'f');
    // Without the browser's permission (the API), a rule not loaded is an error, never a pass.
    expect(run).toThrow(`Rule "${later}" is used before it is loaded`);
    registry.checkWithoutLaterRules();
    expect(registry.isRulePending(later)).toBe(true);
    expect(run().problems).toEqual([]);
    await registry.loadRules([later]);
    expect(registry.isRulePending(later)).toBe(false);
    expect(run().problems).toEqual([
      { path: 'mobileNumber', key: registry.getRule(later).messageKeys({ rule: later })[0] },
    ]);
    // Rules not loaded later stay strict.
    const sameAs = { $id: 'g', 'x-rules': [{ rule: 'sameAs', field: 'b', as: 'a' }] };
    expect(() => runRules(sameAs, { a: 1, b: 2 }, createRefResolver({ g: sameAs }), 'g')).toThrow(
      'Rule "sameAs" is used before it is loaded',
    );
  });
});
