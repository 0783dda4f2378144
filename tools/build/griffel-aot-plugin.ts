import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resolveStyleRulesForSlots, type GriffelStyle } from '@griffel/core';
import { createServer, parseAst, type Plugin } from 'vite';

/** What the evaluated modules call in place of `makeStyles` (see recordingPlugin). */
const RECORDER = '__etaRecordStyles';
const ENTRY = 'virtual:eta-griffel-styles';

/** A `makeStyles(...)` call in a module: where the call is, and where its one argument is. */
interface StylesCall {
  start: number;
  end: number;
  argumentStart: number;
  argumentEnd: number;
}

/** Griffel's build output for one `makeStyles` call: what `__styles(classesMapBySlot, cssRules)` takes. */
export type AotStyles = ReturnType<typeof resolveStyleRulesForSlots>;

/** The portal's own modules that may call `makeStyles`: TypeScript under src/, tests left out. */
export function isStyledSource(id: string, srcDir: string): boolean {
  const file = id.split('?')[0];
  return file.startsWith(srcDir + path.sep) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
}

/** The `makeStyles(...)` calls of a TypeScript module with one argument, in the order they are written. */
export function makeStylesCalls(code: string, file: string): StylesCall[] {
  if (!code.includes('makeStyles(')) return [];
  const ast = parseAst(code, { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown;
  const calls: StylesCall[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as {
      type?: string;
      start: number;
      end: number;
      callee?: { type?: string; name?: string };
      arguments?: { start: number; end: number; type?: string }[];
    };
    if (
      n.type === 'CallExpression' &&
      n.callee?.type === 'Identifier' &&
      n.callee.name === 'makeStyles' &&
      n.arguments?.length === 1 &&
      n.arguments[0].type !== 'SpreadElement'
    )
      calls.push({ start: n.start, end: n.end, argumentStart: n.arguments[0].start, argumentEnd: n.arguments[0].end });
    for (const value of Object.values(n)) if (value && typeof value === 'object') walk(value);
  };
  walk(ast);
  return calls.sort((a, b) => a.start - b.start);
}

/**
 * The code with each call replaced by what `write` gives for it (the i-th call, in order), or undefined when it gives
 * nothing for any; a call it gives nothing for stays as it is.
 */
function replaceCalls(
  code: string,
  calls: readonly StylesCall[],
  write: (call: StylesCall, i: number) => string | undefined,
): string | undefined {
  let out = code;
  let replaced = 0;
  // From the last call back, so that the positions of those before stay true.
  for (let i = calls.length - 1; i >= 0; i--) {
    const written = write(calls[i], i);
    if (written === undefined) continue;
    out = out.slice(0, calls[i].start) + written + out.slice(calls[i].end);
    replaced += 1;
  }
  return replaced === 0 ? undefined : out;
}

/**
 * The module with each call whose styles were worked out (`styles[i]` for the i-th call) written as Griffel's build
 * output, `__styles(classesMapBySlot, cssRules)`: the same class names and rules as `makeStyles` works out in the
 * browser, without working them out there. Calls left undefined in `styles` stay as they are.
 */
export function withAotStyles(code: string, calls: readonly StylesCall[], styles: readonly (AotStyles | undefined)[]) {
  const out = replaceCalls(code, calls, (_, i) => {
    const done = styles[i];
    return done && `__etaAotStyles(${JSON.stringify(done[0])}, ${JSON.stringify(done[1])})`;
  });
  return out && `import { __styles as __etaAotStyles } from '@fluentui/react-components';\n${out}`;
}

/**
 * CommonJS packages the portal imports names from. Node itself finds no named exports in them, so in the evaluation
 * each is imported through a module that names its exports (the builds bundle them, and their interop does the same).
 */
const COMMONJS_PACKAGES = ['i18n-iso-countries'];

/** In the evaluation only: the named exports of CommonJS packages, read from the package itself in Node. */
function commonJsNamesPlugin(packages: readonly string[]): Plugin {
  const prefix = '\0eta-commonjs:';
  const require = createRequire(import.meta.url);
  return {
    name: 'eta-griffel-commonjs',
    enforce: 'pre',
    resolveId: (id) => (packages.includes(id) ? `${prefix}${id}` : undefined),
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      const file = require.resolve(id.slice(prefix.length));
      const names = Object.keys(require(file) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
      return [
        `import { createRequire } from 'node:module';`,
        `const pkg = createRequire(import.meta.url)(${JSON.stringify(file)});`,
        'export default pkg;',
        ...names.map((name) => `export const ${name} = pkg[${JSON.stringify(name)}];`),
      ].join('\n');
    },
  };
}

/** Every file under `dir` (recursively). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/**
 * In the evaluation only: each module's `makeStyles(x)` calls record `x` under "<file>#<n>" instead, and a virtual
 * entry imports every styled module, so that one run evaluates them all.
 */
function recordingPlugin(files: readonly string[]): Plugin {
  return {
    name: 'eta-griffel-record',
    enforce: 'pre',
    resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
    load: (id) => (id === `\0${ENTRY}` ? files.map((file) => `import ${JSON.stringify(file)};`).join('\n') : undefined),
    transform(code, id) {
      const file = id.split('?')[0];
      if (!files.includes(file)) return undefined;
      const out = replaceCalls(
        code,
        makeStylesCalls(code, file),
        ({ argumentStart, argumentEnd }, i) =>
          `globalThis.${RECORDER}(${JSON.stringify(`${file}#${i}`)}, ${code.slice(argumentStart, argumentEnd)})`,
      );
      return out === undefined ? undefined : { code: out, map: null };
    },
  };
}

/**
 * The evaluations of this build process, by source folder. Kept on the global object: the server entry's build,
 * which runs inside the browser's, loads the configuration (and this module) anew.
 */
const EVALUATIONS = Symbol.for('eta.griffelAot.evaluations');
const evaluations = ((globalThis as Record<symbol, unknown>)[EVALUATIONS] ??= new Map()) as Map<
  string,
  Promise<Map<string, AotStyles>>
>;

/**
 * Evaluates every styled module of `srcDir` once per build process (the browser's build and the server entry's
 * share it), with the project's configuration, and works out each recorded call's build output: by "<file>#<n>".
 */
function evaluateStyles(srcDir: string, configFile: string | false | undefined): Promise<Map<string, AotStyles>> {
  let evaluation = evaluations.get(srcDir);
  if (!evaluation) {
    evaluation = (async () => {
      const files = filesUnder(srcDir).filter(
        (file) => isStyledSource(file, srcDir) && makeStylesCalls(readFileSync(file, 'utf8'), file).length > 0,
      );
      const recorded = new Map<string, GriffelStyle>();
      const global = globalThis as Record<string, unknown>;
      global[RECORDER] = (key: string, styles: Record<string, GriffelStyle>) => {
        recorded.set(key, styles as unknown as GriffelStyle);
        return () => ({});
      };
      // The modules as the server entry's build sees them (the project's aliases, virtual modules and CSS).
      const server = await createServer({
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        // Through the plugins (commonJsNamesPlugin), not straight to Node.
        ssr: { noExternal: COMMONJS_PACKAGES },
        plugins: [recordingPlugin(files), commonJsNamesPlugin(COMMONJS_PACKAGES)],
      });
      try {
        await server.ssrLoadModule(ENTRY);
      } finally {
        await server.close();
        delete global[RECORDER];
      }
      return new Map(
        [...recorded].map(([key, styles]) => [
          key,
          resolveStyleRulesForSlots(styles as unknown as Parameters<typeof resolveStyleRulesForSlots>[0]),
        ]),
      );
    })();
    evaluations.set(srcDir, evaluation);
  }
  return evaluation;
}

/**
 * Vite plugin (builds only): the portal's own `makeStyles` calls are written as Griffel's build output, as Fluent UI's
 * packages ship theirs, so that the browser does not work out their class names and CSS rules while the page
 * hydrates (about a quarter of the registration page's render work at full CPU). The styles are evaluated once,
 * in Node, by importing the modules with the project's configuration (served by Vite, where this plugin is not
 * applied); a call made other than as a module is imported stays as it is.
 */
export function griffelAotPlugin(srcDir: string, options: { configFile?: string | false } = {}): Plugin {
  let configFile: string | false | undefined = options.configFile;
  return {
    name: 'eta-griffel-aot',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      if (options.configFile === undefined) configFile = config.configFile;
    },
    async transform(code, id) {
      if (!isStyledSource(id, srcDir)) return undefined;
      const file = id.split('?')[0];
      const calls = makeStylesCalls(code, file);
      if (calls.length === 0) return undefined;
      const evaluated = await evaluateStyles(srcDir, configFile);
      const out = withAotStyles(
        code,
        calls,
        calls.map((_, i) => evaluated.get(`${file}#${i}`)),
      );
      return out === undefined ? undefined : { code: out, map: null };
    },
  };
}
