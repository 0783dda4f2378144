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

/** Where a JSON text stops being JSON, and what was expected there. */
interface JsonBreak {
  offset: number;
  expected: string;
}

/** A small strict scanner of JSON text: each method reads one kind of value, or throws where the text breaks. */
class JsonScanner {
  private i = 0;
  constructor(private readonly text: string) {}

  /** The offset where the text stops being JSON, and what was expected there. */
  locate(): JsonBreak {
    try {
      this.value();
      this.space();
      if (this.i < this.text.length) this.fail('the end of the file');
    } catch (found) {
      if (found && typeof found === 'object' && 'offset' in found) return found as JsonBreak;
      throw found;
    }
    return { offset: this.text.length, expected: 'valid JSON' };
  }

  private fail(expected: string): never {
    throw { offset: this.i, expected } satisfies JsonBreak;
  }

  private space(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) this.i += 1;
  }

  private literal(word: string): void {
    if (this.text.startsWith(word, this.i)) this.i += word.length;
    else this.fail('a value');
  }

  private string(): void {
    const { text } = this;
    if (text[this.i] !== '"') this.fail('a double-quoted string');
    this.i += 1;
    while (this.i < text.length && text[this.i] !== '"') {
      if (text[this.i] === '\\') this.i += 1;
      else if (text.charCodeAt(this.i) < 0x20) this.fail('the end of the string (a closing quote)');
      this.i += 1;
    }
    if (this.i >= text.length) this.fail('a closing quote');
    this.i += 1;
  }

  private number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i));
    if (!match) this.fail('a value');
    this.i += match[0].length;
  }

  private value(): void {
    this.space();
    const c = this.text[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true');
    if (c === 'f') return this.literal('false');
    if (c === 'n') return this.literal('null');
    return this.number();
  }

  /** True when the next character (after white space) is `close`, which is then read. */
  private closes(close: string): boolean {
    this.space();
    if (this.text[this.i] !== close) return false;
    this.i += 1;
    return true;
  }

  /** After an item: a comma, then another item (true), or `close` (false). */
  private another(close: string, item: string, closing: string): boolean {
    this.space();
    if (this.text[this.i] === ',') {
      this.i += 1;
      this.space();
      if (this.text[this.i] === close) this.fail(`another ${item} (remove the trailing comma)`);
      return true;
    }
    if (this.closes(close)) return false;
    return this.fail(`a comma or a closing ${closing}`);
  }

  private object(): void {
    this.i += 1;
    if (this.closes('}')) return;
    do {
      this.space();
      this.string();
      this.space();
      if (this.text[this.i] !== ':') this.fail('a colon');
      this.i += 1;
      this.value();
    } while (this.another('}', 'property', 'brace'));
  }

  private array(): void {
    this.i += 1;
    if (this.closes(']')) return;
    do this.value();
    while (this.another(']', 'item', 'bracket'));
  }
}

/** Parses JSON text: undefined when it is valid, else where it breaks and why (no stack trace). */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    const { offset, expected } = new JsonScanner(text).locate();
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
