import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScratchPostgres, type ScratchPostgres } from '../../../tests/support/postgres';
import { ERROR_CODES } from '../../shared/contract';
import { buildApp } from '../app';
import { call, signIn, type Caller } from '../applications/testing/client';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { decideAll, submitWith } from '../decisions/testing/client';
import { translate } from '../i18n';
import { testConfig } from '../testing/harness';

// PostgreSQL restarted under a running API, on a cluster of this test's own (so that stopping it disturbs no other
// test): calls while it is down answer 503 with Retry-After in the API's error shape, calls after it succeed with no
// restart of the API (the pool opens new connections), and the background decisions and their e-mails carry on
// from where they were, each done once.

let cluster: ScratchPostgres | undefined;
let unavailable: string | undefined;
let app: FastifyInstance | undefined;
let db: Db | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  try {
    cluster = await startScratchPostgres(() => {});
  } catch (error) {
    // As the other PostgreSQL tests: run where PostgreSQL is installed or can be; say why when it cannot.
    unavailable = error instanceof Error ? error.message : String(error);
    return;
  }
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE eta_faults');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/eta_faults';
  // The restart ends every idle connection on purpose: nothing to report then.
  db = openDatabase({ kind: 'postgres', connectionString: url.toString() }, () => {});
  await migrateToLatest(db);
  dataDir = await mkdtemp(path.join(tmpdir(), 'eta-faults-'));
  // Decisions are made by the test's own calls, not by a timer.
  process.env.DECISION_POLL_SECONDS = '0';
  app = await buildApp({ config: testConfig({ dataDir }), db, logger: false, servePortal: false });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  cluster?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const mailSubjects = async () =>
  (await db!.selectFrom('dev_mailbox').select('subject').execute()).map((row) => row.subject);

describe('PostgreSQL restarted under a running API', () => {
  it(
    'answers 503 with Retry-After while it is down, then works without a restart; decisions and e-mails once',
    {
      timeout: 120_000,
    },
    async (context) => {
      if (unavailable) context.skip(`PostgreSQL cannot be started here: ${unavailable}`);
      const running = app!;
      const caller: Caller = await signIn(running);
      const { guid, applicants } = await submitWith(running, caller, { count: 2 });
      const submittedSubject = translate('en', 'emails:applicationSubmitted.subject');
      expect((await mailSubjects()).filter((s) => s === submittedSubject)).toHaveLength(1);

      let decidedWhileDown = -1;
      await cluster!.restart({
        whileDown: async () => {
          for (const [method, url] of [
            ['GET', `/api/eta/applications/${guid}`],
            ['GET', '/api/eta/applications'],
            ['POST', `/api/eta/applications/${guid}/payment/confirm`],
          ] as const) {
            // The profile's language cannot be read while the database is down: the answer follows Accept-Language.
            const answer = await running.inject({
              method,
              url,
              headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'fr' },
            });
            expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(503);
            expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
            expect(answer.json()).toEqual({
              code: ERROR_CODES.serviceUnavailable,
              error: translate('fr', 'api:errors.serviceUnavailable'),
              requestId: answer.headers['x-request-id'],
            });
          }
          const health = await running.inject({ method: 'GET', url: '/health' });
          expect(health.statusCode).toBe(503);
          // The background work cannot run now; it is not lost.
          decidedWhileDown = await decideAll(running).catch(() => 0);
        },
      });
      expect(decidedWhileDown).toBe(0);

      // Back: the same API answers again at once.
      const again = await call(running, caller, 'GET', `/api/eta/applications/${guid}`);
      expect(again.statusCode, again.body).toBe(200);
      expect(
        (await call(running, caller, 'POST', `/api/eta/applications/${guid}/payment/confirm`)).json(),
      ).toMatchObject({ status: 'PAID' });
      expect(await decideAll(running)).toBe(applicants.length);
      expect(await decideAll(running)).toBe(0);
      const decisions = await db!
        .selectFrom('applicant_decisions')
        .select(['applicant_id', 'state', 'mail_state'])
        .where('application_id', '=', guid)
        .execute();
      expect(decisions.map((d) => d.applicant_id).sort()).toEqual([...applicants].sort());
      expect(decisions.every((d) => d.state === 'DECIDED' && d.mail_state === 'SENT')).toBe(true);
      const subjects = await mailSubjects();
      expect(subjects.filter((s) => s === submittedSubject)).toHaveLength(1);
      expect(subjects.filter((s) => s !== submittedSubject)).toHaveLength(applicants.length);
    },
  );
});
