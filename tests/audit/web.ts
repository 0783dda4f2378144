/**
 * `npm run audit:web`: sqlmap and wapiti against the server on loopback (production settings, a fresh data folder
 * and SQLite database, the built portal), signed in as an applicant with an application and a document. sqlmap
 * tries every JSON body and query of the OpenAPI document; wapiti crawls the portal and the API's GET calls.
 * Prints every finding (tool, target, severity, finding) and exits 1 when one is of a high class (SQL injection,
 * cross-site scripting, command execution, path traversal, header injection, XXE, SSRF), 3 when a target could not
 * be tested to the end. Installs Debian's sqlmap and wapiti when missing (as root). About ten minutes at most.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRONG_PASSWORD } from '../../src/server/accounts/testing/client';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { multipartBody, pdfFile } from '../../src/server/documents/testing/files';
import { startServerProcess } from '../bench/servers';
import { prepareAccounts } from '../support/applicant-accounts';
import { runSqlmap, runWapiti, type Finding } from './scanners';
import { auditTargets, LEFT_OUT } from './targets';

const ROOT = join(import.meta.dirname, '..', '..');
/** The loopback port of the audited server. */
const PORT = 8265;
const SQLMAP_SECONDS = 330;
const WAPITI_SECONDS = 180;

const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

/** sqlmap and wapiti from Debian's packages, installed with apt-get when missing (as root only). */
function ensureTools(): void {
  const missing = ['sqlmap', 'wapiti'].filter((tool) => !onPath(tool));
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/etc/debian_version')) {
    console.error(
      `${missing.join(' and ')} not found. Install Debian's packages first: sudo apt-get install ${missing.join(' ')}`,
    );
    process.exit(2);
  }
  console.log(`Installing Debian's ${missing.join(' and ')} (apt-get) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', ...lock, ...missing])) {
    console.error(`apt-get could not install ${missing.join(' ')}`);
    process.exit(2);
  }
}

async function post(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function main() {
  ensureTools();
  if (!existsSync(join(ROOT, 'dist', '.vite', 'manifest.json'))) {
    const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const started = Date.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'eta-audit-'));
  const db = openDatabase({ kind: 'sqlite', filename: join(dataDir, 'eta.sqlite') });
  await migrateToLatest(db);
  const [account] = await prepareAccounts(db, dataDir, 1, 'SUPPORTING_DOCUMENTS');
  await db.destroy();
  const server = await startServerProcess(PORT, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DIST_DIR: join(ROOT, 'dist'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    LOG_LEVEL: 'error',
  });
  try {
    const { base } = server;
    const login = () => post(base, '/api/eta/profile/login', { email: account.email, password: STRONG_PASSWORD });
    const tokens = (await login()).tokenInfo as { accessToken: string };
    const spare = (await login()).tokenInfo as { refreshToken: string };
    const { payload, contentType } = multipartBody([{ field: 'file', fileName: 'booking.pdf', data: await pdfFile() }]);
    const uploaded = await fetch(
      `${base}/api/eta/applications/${account.applicationId}/documents?applicantIdentifier=${account.applicantId}&documentType=PROOF_OF_ACCOMMODATION`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': contentType },
        body: payload,
      },
    );
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const documentId = ((await uploaded.json()) as { documentIdentifier: string }).documentIdentifier;
    const doc = await (await fetch(`${base}/api/eta/openapi.json`)).json();
    const targets = auditTargets(doc, { ...account, documentId, spareRefreshToken: spare.refreshToken });
    console.log(`# Web audit, ${new Date().toISOString()}, ${base} (NODE_ENV=production, SQLite)\n`);
    console.log(`sqlmap: ${targets.length} operations of the OpenAPI document; left out:`);
    for (const [key, reason] of Object.entries(LEFT_OUT)) console.log(`  ${key}: ${reason}`);

    const sqlmap = await runSqlmap(base, tokens.accessToken, targets, dataDir, {
      parallel: 3,
      perTargetSeconds: 120,
      deadline: started + SQLMAP_SECONDS * 1000,
    });
    const getStarts = targets.filter((t) => t.method === 'GET').map((t) => t.url);
    const pages = ['/login', '/registration', '/faq', '/forgot-password', '/verify-seal'];
    const wapiti = await runWapiti(base, tokens.accessToken, [...pages, ...getStarts], dataDir, WAPITI_SECONDS);

    const findings: Finding[] = [...sqlmap.findings, ...wapiti.findings];
    const serverErrors = server.output.join('').match(/"level":50[^\n]*/g) ?? [];
    console.log(`\n## Notes\n`);
    for (const note of [...sqlmap.notes, ...wapiti.notes]) console.log(`- ${note}`);
    console.log(`- server errors logged: ${serverErrors.length}`);
    for (const line of serverErrors.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
    console.log(`\n## Findings (${findings.length}), ${((Date.now() - started) / 60_000).toFixed(1)} min\n`);
    console.log('| tool | target | severity | finding |\n| --- | --- | --- | --- |');
    const order = { high: 0, medium: 1, low: 2, info: 3 };
    for (const f of findings.sort((a, b) => order[a.severity] - order[b.severity])) {
      console.log(`| ${f.tool} | ${f.target} | ${f.severity} | ${f.finding.replace(/\|/g, '\\|')} |`);
    }
    const high = findings.filter((f) => f.severity === 'high').length;
    console.log(high > 0 ? `\n${high} high-severity finding(s).` : '\nNo high-severity finding.');
    if (!sqlmap.complete || !wapiti.complete) console.log('The audit is incomplete: see the notes above.');
    process.exitCode = high > 0 ? 1 : sqlmap.complete && wapiti.complete ? 0 : 3;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
