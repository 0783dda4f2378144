import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

// The text keys the portal's code uses: the keys it writes as strings (t('a.b'), i18nKey="ns:a.b", a key kept in a
// constant object), the texts it reads as a whole (t('faq.items', { returnObjects: true })) and the families of keys
// it builds from a key's start (t(`errors.${code}`), 'errors.' + code).

/** One use of texts by code. */
export interface CodeKeyUse {
  /** The namespace the code names ("ns:..."), or undefined when it leaves it to its t's namespaces. */
  ns?: string;
  /** A whole key ("a.b"), or the start of the keys the code completes, ending in "." ("errors."). */
  key?: string;
  /** The keys a template builds, as a regular expression on the key without its namespace. */
  pattern?: RegExp;
  /** Where: "src/file.ts:12". */
  at: string;
}

/** A key as code writes it: "ns:a.b", "a.b", or the start "ns:a." / "a." of the keys the code completes. */
const KEY = /^(?:([a-z][a-z0-9-]*):)?([A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.?)$/;
/** The start of a template that builds a key: "ns:", "ns:a.", "a.", "a.b", ... */
const KEY_START = /^(?:([a-z][a-z0-9-]*):)?((?:[A-Za-z][A-Za-z0-9_-]*\.)*[A-Za-z0-9_-]*)$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The source files of the portal that may use texts: every .ts and .tsx under `dir` but tests, test helpers
 * (`testing/` folders, test-setup.ts), type declarations and generated modules (copies of the schemas).
 */
export function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'node_modules') out.push(...codeFiles(path));
    } else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$|\.d\.ts$|\.generated\.ts$|^test-setup\.ts$/.test(entry.name)
    ) {
      out.push(path);
    }
  }
  return out.sort();
}

/** True when `node` is an argument of a call that also passes `{ returnObjects: true }`: the key names a group. */
function readAsWhole(node: ts.Node): boolean {
  const call = node.parent;
  return (
    !!call &&
    ts.isCallExpression(call) &&
    call.arguments.some(
      (arg) =>
        ts.isObjectLiteralExpression(arg) &&
        arg.properties.some(
          (p) =>
            ts.isPropertyAssignment(p) &&
            p.name.getText() === 'returnObjects' &&
            p.initializer.kind === ts.SyntaxKind.TrueKeyword,
        ),
    )
  );
}

const cache = new Map<string, CodeKeyUse[]>();

/**
 * Every use of a text key in the source files under `dir`, file names relative to `root`. A template is taken as
 * building keys when it starts with a key's start of its own ("ns:a.", "a.b.") and has a word of a key besides a
 * namespace: one that starts with what it is given (`${group}.${code}.title`) or names only a namespace
 * (`outcomes:${key}`) says nothing of which keys it builds, and those are listed in dynamic-keys.ts. Read once per
 * folder in a process.
 */
export function codeKeyUses(dir: string, root: string): CodeKeyUse[] {
  const known = cache.get(`${dir}\n${root}`);
  if (known) return known;
  const uses: CodeKeyUse[] = [];
  for (const path of codeFiles(dir)) {
    const file = relative(root, path).split(sep).join('/');
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const found = KEY.exec(node.text);
        // A group read as a whole is every text under it.
        if (found) uses.push({ ns: found[1], key: readAsWhole(node) ? `${found[2]}.` : found[2], at: at(node) });
      } else if (ts.isTemplateExpression(node)) {
        const start = KEY_START.exec(node.head.text);
        const literals = node.templateSpans.map((span) => span.literal.text);
        if (start && /[.:]/.test(node.head.text) && /[A-Za-z]/.test(start[2] + literals.join(''))) {
          const rest = literals.map((literal) => `.+${escapeRegExp(literal)}`).join('');
          uses.push({ ns: start[1], pattern: new RegExp(`^${escapeRegExp(start[2])}${rest}$`), at: at(node) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  cache.set(`${dir}\n${root}`, uses);
  return uses;
}
