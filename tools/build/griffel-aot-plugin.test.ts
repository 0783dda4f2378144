import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveStyleRulesForSlots } from '@griffel/core';
import { tokens } from '@fluentui/react-components';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { griffelAotPlugin, isStyledSource, makeStylesCalls, withAotStyles } from './griffel-aot-plugin';

const fixtures = path.join(import.meta.dirname, 'testing', 'griffel-styles');
const styled = path.join(fixtures, 'styled.ts');

describe("the portal's styles as Griffel's build output", () => {
  it('finds the makeStyles calls of a module, in order, and nothing else', () => {
    const code = `const a = makeStyles({ x: { color: 'red' } }) as T;\nconst b = other({});\nconst c = makeStyles({ y: {} });`;
    const calls = makeStylesCalls(code, 'a.ts');
    expect(calls.map((c) => code.slice(c.argumentStart, c.argumentEnd))).toEqual([
      "{ x: { color: 'red' } }",
      '{ y: {} }',
    ]);
  });

  it('writes the calls it was given styles for and leaves the others as they are', () => {
    const code = `const a = makeStyles({ x: { color: 'red' } });\nconst b = makeStyles({ y: {} });`;
    const done = resolveStyleRulesForSlots({ x: { color: 'red' } });
    const out = withAotStyles(code, makeStylesCalls(code, 'a.ts'), [done, undefined])!;
    expect(out).toContain(`__etaAotStyles(${JSON.stringify(done[0])}, ${JSON.stringify(done[1])})`);
    expect(out).toContain('const b = makeStyles({ y: {} });');
    expect(out.startsWith("import { __styles as __etaAotStyles } from '@fluentui/react-components';")).toBe(true);
    expect(withAotStyles(code, makeStylesCalls(code, 'a.ts'), [])).toBeUndefined();
  });

  it('takes TypeScript modules of the source folder, not tests', () => {
    expect(isStyledSource(styled, fixtures)).toBe(true);
    expect(isStyledSource(path.join(fixtures, 'styled.test.ts'), fixtures)).toBe(false);
    expect(isStyledSource('/elsewhere/styled.ts', fixtures)).toBe(false);
  });

  it('evaluates a module as it is imported and writes the styles it made as the browser would work them out', async () => {
    const plugin = griffelAotPlugin(fixtures, { configFile: false }) as Plugin & {
      transform: (code: string, id: string) => Promise<{ code: string } | undefined>;
    };
    const out = await plugin.transform(readFileSync(styled, 'utf8'), styled);
    const [classes, rules] = resolveStyleRulesForSlots({
      root: { color: tokens.colorNeutralForeground1, paddingInlineStart: '8px' },
      wide: { '@media (min-width: 640px)': { display: 'grid' } },
    });
    expect(out?.code).toContain(`__etaAotStyles(${JSON.stringify(classes)}, ${JSON.stringify(rules)})`);
    expect(out?.code).toContain("return makeStyles({ late: { color: 'red' } });");
  }, 60_000);

  it('leaves no makeStyles call made as a module is imported to the browser in a build of several modules', async () => {
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      root: fixtures,
      plugins: [griffelAotPlugin(fixtures, { configFile: false })],
      build: {
        write: false,
        minify: false,
        lib: { entry: path.join(fixtures, 'entry.ts'), formats: ['es'] },
        rolldownOptions: { external: [/^@fluentui\//, /^react/] },
      },
    })) as Rolldown.RolldownOutput[];
    const code = output
      .flatMap((o) => o.output)
      .map((chunk) => ('code' in chunk ? chunk.code : ''))
      .join('\n');
    expect(code.match(/makeStyles\(/g)).toHaveLength(1);
    expect(code).toMatch(/makeStyles\(\{ late: \{ color: ["']red["'] \} \}\)/);
    expect(code.match(/__styles\(/g)).toHaveLength(2);
  }, 60_000);
});
