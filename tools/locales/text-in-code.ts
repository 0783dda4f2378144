import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { hasWords } from './language-terms';
import { SOURCE_LANGUAGE } from './locale-files';
import type { LocaleFinding } from './locale-finding';

// Text in code: user-visible words written in TSX instead of behind an i18n key.

/** JSX attributes whose string value is shown to or read out to the user. */
export const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'hint',
  'validationMessage',
  'content',
  'description',
]);

/** An allowed piece of text in code: the file (relative to the project) and the exact text, with a reason. */
export interface AllowedText {
  file: string;
  text: string;
  reason: string;
}

/**
 * The `.tsx` files outside the server, and the `.ts` files everywhere (the server's messages too); no tests, and no
 * generated modules (`*.generated.ts`: their texts are those of the files they are made from, such as a schema's
 * descriptions).
 */
function sourceFiles(dir: string, inServer = false): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'testing' || entry.name === 'node_modules') continue;
      out.push(...sourceFiles(path, inServer || entry.name === 'server'));
    } else if (/\.(test|spec)\.tsx?$|\.d\.ts$|\.generated\.ts$/.test(entry.name)) {
      continue;
    } else if ((entry.name.endsWith('.tsx') && !inServer) || entry.name.endsWith('.ts')) {
      out.push(path);
    }
  }
  return out.sort();
}

/** A sentence for a person: a capitalised word, then more words ("Upload cancelled", "No decision is recorded"). */
const SENTENCE = /^\p{Lu}\p{Ll}+(?:[’']\p{Ll}+)?(?: +[\p{L}\p{N}’',.!?:;()-]+)+/u;

/** Properties whose string values document an API for developers (the OpenAPI document), not for users. */
const DOCUMENTATION_PROPS = new Set(['description', 'summary']);

/**
 * True when a string literal of plain TypeScript cannot be a text for users: a module name, a property name,
 * API documentation, the message of an Error (for developers and logs) or the text of a log line.
 */
function notForUsers(node: ts.Node, source: ts.SourceFile): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (ts.isImportTypeNode(parent.parent ?? parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) return true;
  if (ts.isPropertyAssignment(parent) && DOCUMENTATION_PROPS.has(parent.name.getText(source).replace(/['"]/g, '')))
    return true;
  for (let up: ts.Node | undefined = parent; up && !ts.isBlock(up) && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isNewExpression(up) && /Error$/.test(up.expression.getText(source))) return true;
    if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression)) {
      const owner = up.expression.expression.getText(source).split('.').pop() ?? '';
      if (/^(log|logger|console)$/.test(owner)) return true;
    }
  }
  return false;
}

/**
 * Finds user-visible text that is not behind a key: in TSX, JSX text with letters, string literals as JSX
 * children, and string values of the attributes in VISIBLE_PROPS; in plain TypeScript (browser code and the
 * server), string literals that read as a sentence (a capitalised word, then more words), except module names,
 * property names, API documentation, Error messages and log lines. A heuristic: what it wrongly takes for a text
 * (a CSS value, a code, a brand) is listed with its reason in text-in-code-allowed.json. `root` makes the file
 * names relative.
 */
export function findTextInCode(srcDir: string, root: string, allowed: AllowedText[] = []): LocaleFinding[] {
  const findings: LocaleFinding[] = [];
  const isAllowed = (file: string, text: string) => allowed.some((a) => a.file === file && a.text === text);
  for (const path of sourceFiles(srcDir)) {
    const file = relative(root, path).split(sep).join('/');
    const kind = path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const report = (node: ts.Node, text: string, where: string) => {
      const shown = text.replace(/\s+/g, ' ').trim();
      if (!hasWords(shown) || isAllowed(file, shown)) return;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      findings.push({
        lng: SOURCE_LANGUAGE,
        kind: 'hardcoded',
        file,
        key: `line ${line}`,
        message: `${file}:${line}: ${where} "${shown}" is written in code: put it in locales/<lng>/<namespace>.json and use t('<key>'), or list it in tools/locales/text-in-code-allowed.json if it must not be translated`,
      });
    };
    const plain = path.endsWith('.ts');
    const visit = (node: ts.Node) => {
      if (plain) {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
          const text = node.text.replace(/\s+/g, ' ').trim();
          if (SENTENCE.test(text) && !notForUsers(node, source)) report(node, text, 'string');
        }
      } else if (ts.isJsxText(node)) report(node, node.text, 'text');
      else if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
        ts.isJsxElement(node.parent)
      ) {
        report(node, node.expression.text, 'text');
      } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer;
        const literal = ts.isStringLiteral(init)
          ? init
          : ts.isJsxExpression(init) &&
              init.expression &&
              (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
            ? init.expression
            : undefined;
        if (literal) report(node, literal.text, `${node.name.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

/** Reads the allow-list of text in code. */
export function readAllowedText(path: string): AllowedText[] {
  if (!existsSync(path)) return [];
  return JSON.parse(readFileSync(path, 'utf8')) as AllowedText[];
}
