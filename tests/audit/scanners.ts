/**
 * sqlmap and wapiti (Debian's packages) run against a server on loopback, their output read into findings. Both
 * are bounded in time; wapiti runs only modules that stay on the target (no SSRF or XXE callbacks to wapiti's
 * public endpoint, no nikto or Wappalyzer database downloads, no bug reports sent).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditTarget } from './targets';

export type Severity = 'high' | 'medium' | 'low' | 'info';

export interface Finding {
  tool: 'sqlmap' | 'wapiti';
  target: string;
  severity: Severity;
  finding: string;
}

/** Runs a command until it ends or `timeoutMs` passes (then it is stopped); answers its output. */
function run(command: string, args: string[], timeoutMs: number): Promise<{ output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: string[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c.toString()));
    child.stderr.on('data', (c: Buffer) => chunks.push(c.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ output: chunks.join(''), timedOut });
    });
  });
}

/** What sqlmap's output says about one target. */
export function sqlmapFindings(target: string, output: string): Finding[] {
  const findings: Finding[] = [];
  const add = (severity: Severity, finding: string) => findings.push({ tool: 'sqlmap', target, severity, finding });
  for (const line of output.split('\n')) {
    const injectable = /parameter '([^']+)' (?:is|appears to be) '([^']+)' injectable/.exec(line);
    if (injectable) add('high', `SQL injection: ${injectable[1]} (${injectable[2]})`);
    const xss = /heuristic \(XSS\) test shows that (.+?) might be vulnerable to cross-site scripting/.exec(line);
    if (xss) add('high', `cross-site scripting (heuristic): ${xss[1]}`);
  }
  // The codes follow on the next line.
  for (const codes of output.matchAll(/HTTP error codes detected during run:\s*\n?(.+)/g)) {
    if (/\b5\d\d\b/.test(codes[1])) add('medium', `server errors: ${codes[1].trim()}`);
  }
  return findings;
}

/**
 * sqlmap on each target (JSON body values and query values), a few at a time, each stopped after
 * `perTargetSeconds`; targets not started before `deadline` are reported as not tested.
 */
export async function runSqlmap(
  base: string,
  token: string,
  targets: AuditTarget[],
  workDir: string,
  options: { parallel: number; perTargetSeconds: number; deadline: number },
): Promise<{ findings: Finding[]; notes: string[]; complete: boolean }> {
  const findings: Finding[] = [];
  const notes: string[] = [];
  let clean = 0;
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++];
      if (Date.now() > options.deadline) {
        notes.push(`${target.key}: not tested (the audit's time limit was reached)`);
        continue;
      }
      const args = [
        '-u',
        `${base}${target.url}`,
        `--method=${target.method}`,
        ...(target.body ? [`--data=${target.body}`, '--headers=Content-Type: application/json'] : []),
        `-H`,
        `Authorization: Bearer ${token}`,
        '--batch',
        '--level=1',
        '--risk=1',
        '--time-sec=2',
        '--timeout=15',
        '--retries=1',
        '--skip-waf',
        '--ignore-code=400,401,403,404,409,422,429',
        `--output-dir=${join(workDir, 'sqlmap')}`,
        '--flush-session',
        '--disable-coloring',
        '-v',
        '1',
      ];
      const { output, timedOut } = await run('sqlmap', args, options.perTargetSeconds * 1000);
      findings.push(...sqlmapFindings(target.key, output));
      if (timedOut) notes.push(`${target.key}: stopped after ${options.perTargetSeconds} s`);
      else if (/all tested parameters do not appear to be injectable/.test(output)) clean += 1;
      else {
        const last = output.match(/\[(?:CRITICAL|ERROR)\] .+/g)?.pop() ?? output.trim().split('\n').pop();
        notes.push(`${target.key}: ${last?.trim()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.parallel }, worker));
  notes.unshift(`sqlmap: every parameter of ${clean} of ${targets.length} targets tested and found not injectable`);
  return { findings, notes, complete: clean === targets.length };
}

/** The wapiti modules run: those that stay on the target and finish in minutes. */
export const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'xss',
  'permanentxss',
  'exec',
  'file',
  'crlf',
  'redirect',
  'shellshock',
  'htaccess',
  'methods',
  'backup',
  'csp',
  'http_headers',
  'cookieflags',
];

/** Wapiti's classes that fail the audit. */
const HIGH =
  /sql injection|cross site scripting|command execution|path traversal|crlf|xxe|server side request forgery/i;
/** Wapiti's classes worth a look but not an attack in themselves. */
const MEDIUM = /open redirect|htaccess|backup|internal server error|potentially dangerous/i;

/** Wapiti from the portal's root and the given start addresses, for at most `maxSeconds`. */
export async function runWapiti(
  base: string,
  token: string,
  starts: string[],
  workDir: string,
  maxSeconds: number,
): Promise<{ findings: Finding[]; notes: string[]; complete: boolean }> {
  const report = join(workDir, 'wapiti.json');
  const args = [
    '-u',
    `${base}/`,
    '--scope',
    'folder',
    '-m',
    WAPITI_MODULES.join(','),
    ...starts.flatMap((s) => ['-s', `${base}${s}`]),
    '-H',
    `Authorization: Bearer ${token}`,
    '--max-scan-time',
    String(maxSeconds),
    '--max-attack-time',
    String(Math.max(30, Math.floor(maxSeconds / 4))),
    '-t',
    '15',
    '-d',
    '4',
    '--flush-session',
    '--store-session',
    join(workDir, 'wapiti-session'),
    '--no-bugreport',
    '-f',
    'json',
    '-o',
    report,
  ];
  const { output, timedOut } = await run('wapiti', args, (maxSeconds + 120) * 1000);
  const notes = timedOut ? ['wapiti: stopped, it ran past its time limit'] : [];
  if (!existsSync(report)) {
    return { findings: [], notes: [...notes, `wapiti wrote no report:\n${output.slice(-2000)}`], complete: false };
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    vulnerabilities?: Record<string, { method: string; path: string; info: string; parameter?: string }[]>;
    anomalies?: Record<string, { method: string; path: string; info: string }[]>;
  };
  const findings: Finding[] = [];
  for (const [kind, group] of [
    ['vulnerability', json.vulnerabilities ?? {}],
    ['anomaly', json.anomalies ?? {}],
  ] as const) {
    for (const [category, items] of Object.entries(group)) {
      for (const item of items) {
        const severity: Severity = HIGH.test(category)
          ? 'high'
          : MEDIUM.test(category) || kind === 'anomaly'
            ? 'medium'
            : 'low';
        findings.push({
          tool: 'wapiti',
          target: `${item.method} ${item.path}`,
          severity,
          finding: `${category}: ${item.info.replace(/\s+/g, ' ').slice(0, 160)}`,
        });
      }
    }
  }
  return { findings, notes, complete: !timedOut };
}
