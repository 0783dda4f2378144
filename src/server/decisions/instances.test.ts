import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../applications/testing/client';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDb, databases, testConfig, type TestDb } from '../testing/harness';
import { hasEnded, stopProcess } from '../testing/processes';
import { submitWith } from './testing/client';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const APPLICATIONS = 4;
const APPLICANTS_EACH = 3;

/** A server process (src/server/main.ts) of its own, deciding every second with no delay. */
function serverProcess(env: Record<string, string>, output: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DIST_DIR: path.join(env.DATA_DIR, 'no-portal'),
      HOUSEKEEPING_INTERVAL_SECONDS: '0',
      DECISION_POLL_SECONDS: '1',
      DECISION_DELAY_SECONDS: '0',
      DECISION_CLAIM_TIMEOUT_SECONDS: '30',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return child;
}

describe.each(databases())('two API instances on one %s database', (kind) => {
  const children: ChildProcess[] = [];
  let dataDir: string | undefined;
  let testDb: TestDb | undefined;
  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    await testDb?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('decide every submitted applicant once and send each decision e-mail once', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'eta-instances-'));
    let db: Db;
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: 'a'.repeat(43) };
    if (kind === 'postgres') {
      testDb = await createTestDb('postgres');
      db = testDb.db;
      env.DATABASE_URL = testDb.url as string;
    } else {
      db = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'eta.sqlite') });
      await migrateToLatest(db);
      testDb = { kind, db, close: () => db.destroy() };
    }

    // The applications are submitted through the API, with no decision made yet.
    process.env.DECISION_POLL_SECONDS = '0';
    const setup = await buildApp({ config: testConfig({ dataDir }), db, logger: false, servePortal: false });
    const applicants: string[] = [];
    for (let i = 0; i < APPLICATIONS; i++) {
      const caller = await signIn(setup);
      applicants.push(...(await submitWith(setup, caller, { count: APPLICANTS_EACH })).applicants);
    }
    await setup.close();
    const mailsBefore = new Set((await db.selectFrom('dev_mailbox').select('id').execute()).map((m) => m.id));

    const outputs: string[][] = [[], []];
    children.push(serverProcess(env, outputs[0]), serverProcess(env, outputs[1]));

    const deadline = Date.now() + 90_000;
    let rows: { state: string; mail_state: string; document_number: string | null }[] = [];
    while (Date.now() < deadline) {
      const ended = children.findIndex(hasEnded);
      if (ended >= 0) throw new Error(`instance ${ended + 1} stopped:\n${outputs[ended].join('')}`);
      rows = await db.selectFrom('applicant_decisions').select(['state', 'mail_state', 'document_number']).execute();
      if (rows.length === applicants.length && rows.every((r) => r.state === 'DECIDED' && r.mail_state === 'SENT'))
        break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await Promise.all(children.map((child) => stopProcess(child)));

    expect(rows).toHaveLength(applicants.length);
    expect(rows.every((r) => r.state === 'DECIDED' && r.mail_state === 'SENT')).toBe(true);
    expect(new Set(rows.map((r) => r.document_number)).size).toBe(applicants.length);
    // Each instance logs the decisions it recorded: together exactly one per applicant.
    const decided = outputs.map((lines) => (lines.join('').match(/"event":"applicant-decided"/g) ?? []).length);
    expect(decided[0] + decided[1]).toBe(applicants.length);
    // Compared whole, so that a mail too many shows which it is. The mails kept before the instances started are left
    // out by their ids (not their order: ids made by this test's process may sort after the instances' own).
    const mails = (await db.selectFrom('dev_mailbox').select(['id', 'subject']).execute()).filter(
      (m) => !mailsBefore.has(m.id),
    );
    expect(mails.map((m) => m.subject)).toEqual(
      applicants.map(() => 'Your electronic travel authorisation has been approved'),
    );
  });
});
