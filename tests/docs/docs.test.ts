// README.md and the pages of docs/ stay true to the repository: every link between them resolves (to a page, and to
// a heading of it), every image is there, every file or folder of the repository they name exists, every npm script
// they tell a reader to run is in package.json, and every variable or code they name in capitals (a setting such as
// `DATABASE_URL`, an error code such as `OPEN_APPLICATION_EXISTS`) is still read or written by the code. The settings'
// table itself is held to the server's settings by src/server/settings.test.ts, the recipes by the `recipes` step.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = join(ROOT, 'docs');

/** README.md and every page of docs/, by their path from the repository's root. */
const PAGES = [
  'README.md',
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const textOf = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** The page's text without its fenced code blocks (a block shows a command's output or a layout, not a claim). */
const prose = (page: string) => textOf(page).replace(/^```[\s\S]*?^```/gm, '');

/** The anchor a heading gets, as GitHub makes it: lower case, punctuation dropped, spaces made hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of prose(page).matchAll(/^#{1,6} (.+)$/gm)) anchors.add(anchorOf(heading));
  for (const [, id] of textOf(page).matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** The code spans of a page's prose (and of its tables), each trimmed. */
const codeSpans = (page: string) => [...prose(page).matchAll(/`([^`\n]+)`/g)].map(([, span]) => span.trim());

/** The repository's folders a path named in the documentation starts with (what is built or cached is left out). */
const REPOSITORY_PATH = /^(?:\.\/)?((?:src|tools|tests|e2e|schemas|locales|docs|deploy|\.ci)\/[\w./-]*)(?::\d+)?$/;

/** Every text file of the code, once: a name in capitals the documentation uses must appear in one of them. */
let codeText: string | undefined;
function code(): string {
  if (codeText !== undefined) return codeText;
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts|js|mjs|json|sh|yml|yaml|cfg|conf)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        parts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of ['src', 'tools', 'tests', 'e2e', 'schemas', 'deploy', '.ci']) {
    if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  }
  parts.push(readFileSync(join(ROOT, 'package.json'), 'utf8'), readFileSync(join(ROOT, 'vite.config.ts'), 'utf8'));
  codeText = parts.join('\n');
  return codeText;
}

describe('the documentation', () => {
  it('has a README of at most 150 lines that starts with the two commands', () => {
    const readme = textOf('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const start = readme.indexOf('npm ci && npm start');
    const test = readme.indexOf('npm ci && npm test');
    expect(start).toBeGreaterThan(0);
    expect(test).toBeGreaterThan(start);
    // Before them only the title, what the portal is and its picture.
    expect(readme.slice(0, start).match(/^## /gm) ?? []).toHaveLength(1);
  });

  it('has a page for each reader, each linked from the README', () => {
    const readme = textOf('README.md');
    for (const page of [
      'applicants',
      'editors',
      'translators',
      'operators',
      'security',
      'accessibility',
      'performance',
      'architecture',
      'contributing',
    ]) {
      expect(PAGES, page).toContain(`docs/${page}.md`);
      expect(readme, page).toContain(`](docs/${page}.md)`);
    }
  });

  it.each(PAGES)('%s: every link and image resolves, to the heading it names', (page) => {
    const broken: string[] = [];
    for (const [, target] of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(?:https?|mailto):/.test(target)) continue;
      const [file, anchor] = target.split('#');
      const resolved = file ? normalize(relative(ROOT, join(ROOT, dirname(page), file))) : page;
      if (!existsSync(join(ROOT, resolved))) broken.push(`${target}: no ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${target}: ${resolved} has no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s: every file and folder of the repository it names exists', (page) => {
    const missing = codeSpans(page)
      .map((span) => REPOSITORY_PATH.exec(span)?.[1])
      .filter((path): path is string => path !== undefined && !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it.each(PAGES)('%s: every npm script it names is in package.json', (page) => {
    const scripts = Object.keys(JSON.parse(textOf('package.json')).scripts as Record<string, string>);
    const named = [...prose(page).matchAll(/npm run ([\w:.-]+)/g)].map(([, name]) => name.replace(/[.:]$/, ''));
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it.each(PAGES)('%s: every name in capitals it gives (a setting, a code) is still in the code', (page) => {
    const names = new Set(
      codeSpans(page)
        .map((span) => /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=\S*)?$/.exec(span)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    const text = code();
    // OpenTelemetry's own variables (OTEL_*) are read by its SDK, not by the portal's code.
    const gone = [...names].filter((name) => !name.startsWith('OTEL_') && !new RegExp(`\\b${name}\\b`).test(text));
    expect(gone).toEqual([]);
  });

  it('names files that exist when it is checked from a folder of its own', () => {
    // The check above must be able to fail: a path that is not in the repository is found missing.
    expect(REPOSITORY_PATH.exec('`src/no-such-file.ts`'.slice(1, -1))?.[1]).toBe('src/no-such-file.ts');
    expect(existsSync(join(ROOT, 'src/no-such-file.ts'))).toBe(false);
    expect(statSync(join(ROOT, 'docs')).isDirectory()).toBe(true);
    expect(anchorOf('Pages that post, return paths, traces and proxies')).toBe(
      'pages-that-post-return-paths-traces-and-proxies',
    );
    expect(anchorOf("Uploads, passports, accounts and the officer's tool")).toBe(
      'uploads-passports-accounts-and-the-officers-tool',
    );
  });
});
