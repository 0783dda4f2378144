/**
 * Writes JSON the way a file of locales/ is laid out, so a tool that rewrites a file (the translators' import)
 * changes only the texts that changed: the indentation, the line endings, the final newline and which objects and
 * arrays sit on one line (`"viewEta": { "title": "Your ETA" }`) are taken from the file as it was (or, for a new
 * file, from its English counterpart). Everything else is written one member per line.
 */

/** The layout of a JSON text: its indentation unit, line ending, final newline and the containers on one line. */
export interface JsonLayout {
  indent: string;
  newline: string;
  finalNewline: boolean;
  /** Paths (keys joined by SEPARATOR, "" for the root) of the objects and arrays written on one line. */
  inline: Set<string>;
}

const SEPARATOR = '\u0000';
const join = (path: string, key: string) => (path === '' ? key : `${path}${SEPARATOR}${key}`);

/** The layout of a JSON text (which must parse). */
export function layoutOf(text: string): JsonLayout {
  const inline = new Set<string>();
  let i = 0;
  let line = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) {
      if (text[i] === '\n') line += 1;
      i += 1;
    }
  };
  const readString = (): string => {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readValue = (path: string): void => {
    skipSpace();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const startLine = line;
      i += 1;
      skipSpace();
      let index = 0;
      while (text[i] !== close) {
        if (c === '{') {
          const key = readString();
          skipSpace();
          i += 1; // the colon
          readValue(join(path, key));
        } else {
          readValue(join(path, String(index)));
          index += 1;
        }
        skipSpace();
        if (text[i] === ',') i += 1;
        skipSpace();
      }
      i += 1;
      if (line === startLine) inline.add(path);
      return;
    }
    if (c === '"') {
      readString();
      return;
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i])) i += 1;
  };
  readValue('');
  return {
    indent: /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ',
    newline: text.includes('\r\n') ? '\r\n' : '\n',
    finalNewline: /\n$/.test(text),
    inline,
  };
}

const DEFAULT_LAYOUT: JsonLayout = { indent: '  ', newline: '\n', finalNewline: true, inline: new Set() };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `value` as JSON text laid out like `template` (a JSON text), or two-space indented when there is none. */
export function formatLike(value: unknown, template?: string): string {
  const layout = template === undefined ? DEFAULT_LAYOUT : layoutOf(template);
  const oneLine = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
    if (isObject(v)) {
      const members = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`);
      return members.length ? `{ ${members.join(', ')} }` : '{}';
    }
    return JSON.stringify(v);
  };
  const write = (v: unknown, path: string, depth: number): string => {
    if (!Array.isArray(v) && !isObject(v)) return JSON.stringify(v);
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, n) => [String(n), x]) : Object.entries(v);
    if (entries.length === 0 || layout.inline.has(path)) return oneLine(v);
    const inner = layout.indent.repeat(depth + 1);
    const lines = entries.map(([k, x]) => {
      const member = write(x, join(path, k), depth + 1);
      return Array.isArray(v) ? `${inner}${member}` : `${inner}${JSON.stringify(k)}: ${member}`;
    });
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    return `${open}${layout.newline}${lines.join(`,${layout.newline}`)}${layout.newline}${layout.indent.repeat(depth)}${close}`;
  };
  return `${write(value, '', 0)}${layout.finalNewline ? layout.newline : ''}`;
}
