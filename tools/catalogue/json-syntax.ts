import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A JSON file that cannot be read: where (1-based line and column) and why. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  message: string;
}

/** Line and column (1-based) of a character offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** The offset where a JSON text stops being JSON, and what was expected there (a small strict scanner). */
function locateJsonError(text: string): { offset: number; expected: string } {
  let i = 0;
  const fail = (expected: string): never => {
    throw { offset: i, expected };
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i += 1;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail('a value');
  };
  const string = () => {
    if (text[i] !== '"') fail('a double-quoted string');
    i += 1;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i += 1;
      else if (text.charCodeAt(i) < 0x20) fail('the end of the string (a closing quote)');
      i += 1;
    }
    if (i >= text.length) fail('a closing quote');
    i += 1;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail('a value');
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        if (text[i] !== ':') fail('a colon');
        i += 1;
        value();
        space();
        if (text[i] === ',') {
          i += 1;
          space();
          if (text[i] === '}') fail('another property (remove the trailing comma)');
          continue;
        }
        if (text[i] === '}') {
          i += 1;
          return;
        }
        fail('a comma or a closing brace');
      }
    }
    if (c === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') {
          i += 1;
          space();
          if (text[i] === ']') fail('another item (remove the trailing comma)');
          continue;
        }
        if (text[i] === ']') {
          i += 1;
          return;
        }
        fail('a comma or a closing bracket');
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return number();
  };
  try {
    value();
    space();
    if (i < text.length) fail('the end of the file');
  } catch (found) {
    if (found && typeof found === 'object' && 'offset' in found) return found as { offset: number; expected: string };
    throw found;
  }
  return { offset: text.length, expected: 'valid JSON' };
}

/** Parses JSON text: undefined when it is valid, else where it breaks and why (no stack trace). */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    const { offset, expected } = locateJsonError(text);
    return { ...lineAndColumn(text, offset), message: `expected ${expected}` };
  }
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

/** Every JSON file under the given folders that does not parse, as "<file>:<line>:<column>" and the reason. */
export function checkJsonFiles(root: string, dirs: string[]): { file: string; message: string }[] {
  return dirs.flatMap((dir) =>
    jsonFiles(dir).flatMap((path) => {
      const problem = jsonSyntaxProblem(readFileSync(path, 'utf8'));
      if (!problem) return [];
      const file = relative(root, path).split('\\').join('/');
      return [
        {
          file: `${file}:${problem.line}:${problem.column}`,
          message: `is not valid JSON: ${problem.message}; fix it there (a trailing comma or a missing quote is the usual cause)`,
        },
      ];
    }),
  );
}
