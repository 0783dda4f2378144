import '@/engine/testing/forms-loaded';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadForm } from '../form-loader';

/** Characters that are no part of a name: they would start a new line or column wherever the name is printed. */
const CONTROL = {
  'CR LF': 'Ana\r\nAPPROVED',
  LF: 'Ana\nX',
  tab: 'Ana\tX',
  NUL: 'Ana\u0000',
  escape: 'Ana\u001b[31m',
  'next line (C1)': 'Ana\u0085X',
  'line separator': 'Ana\u2028X',
  'paragraph separator': 'Ana\u2029X',
};

/** Names with the spaces of several scripts, which stay allowed. */
const SPACED = ['Anne Marie', 'Anne\u00a0Marie', '小\u3000明', "N'Diaye-Ångström", 'O’Brien'];

describe('names in the browser’s compiled validation', () => {
  it.each(['registration', 'applicant'])('refuses control characters in the %s form’s names', async (formId) => {
    const form = await loadForm(formId);
    const validate = form.validateFns[formId] as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
    const valid = form.examples.valid[0] as Record<string, unknown>;
    expect(validate(valid)).toBe(true);
    for (const [what, name] of Object.entries(CONTROL)) {
      for (const field of ['givenNames', 'familyName']) {
        expect(validate({ ...valid, [field]: name }), `${formId} ${field} with ${what}`).toBe(false);
        const messages = (validate.errors ?? []).filter((e) => e.instancePath === `/${field}`).map((e) => e.message);
        expect(messages, `${formId} ${field} with ${what}`).toContain('validation:name.invalid');
      }
    }
    for (const name of SPACED) expect(validate({ ...valid, givenNames: name }), name).toBe(true);
  });
});
