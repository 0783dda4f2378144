import { describe, expect, it } from 'vitest';
import { buildFormModule, buildIndexModule, listFormIds, toBrowserModuleCode } from './precompile';

describe('precompiled form modules', () => {
  it.each(listFormIds())('%s: plain ES module code without require, eval or new Function', (id) => {
    const code = buildFormModule(id);
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).not.toMatch(/new Function|\beval\(/);
    expect(code).toContain(`export const validateFns = {"${id}": `);
  });

  it('refuses a runtime dependency it cannot replace, naming it', () => {
    expect(() => toBrowserModuleCode('const x = require("ajv/dist/runtime/uri").default;')).toThrow(
      /ajv\/dist\/runtime\/uri/,
    );
  });

  it('lists every form with a lazy loader', () => {
    const index = buildIndexModule('virtual:eta-forms/');
    expect(index).toContain('"registration": () => import("virtual:eta-forms/registration")');
  });
});
