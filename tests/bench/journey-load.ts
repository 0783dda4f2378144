/**
 * The journey load of `npm run bench`: N simulated applicants at once, each going through the calls of a journey
 * over HTTP against real server processes (src/server/main.ts): sign in, list and create applications, read the
 * application and its form, save the application form page by page and the declarations (the schemas' first
 * valid examples), upload a small PDF, list the documents, renew the tokens. Accounts, with an application whose
 * applicant has passed the photo step, are set up in the database before anything is measured.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRONG_PASSWORD } from '../../src/server/accounts/testing/client';
import { pick, validApplicationForm, validDeclarations } from '../../src/server/applications/testing/client';
import { multipartBody, pdfFile } from '../../src/server/documents/testing/files';
import { prepareAccounts, type Account } from '../support/applicant-accounts';
import { createLoadClient, type CallRow, type ErrorSample } from './load-client';
import { BENCH_METRICS_TOKEN, printRouteTimes, routeTimes, scrape, type RouteTime } from './server-metrics';
import { benchPort, openLoadDatabase, startServerProcess, type ServerProcess } from './servers';

/** Where the load runs: one server on SQLite, one on PostgreSQL, or two on one PostgreSQL database. */
export type LoadSetup = 'sqlite' | 'postgres' | 'postgres-2';

export const SETUP_TITLES: Record<LoadSetup, string> = {
  sqlite: 'SQLite, one API instance',
  postgres: 'PostgreSQL, one API instance',
  'postgres-2': 'PostgreSQL, two API instances (round-robin)',
};

/** Applicants whose journeys warm the servers up (JIT, pools, caches) before anything is measured. */
const WARM_UP = 10;
const SIGN_IN = 'sign in';

export interface LoadRun {
  concurrency: number;
  seconds: number;
  rows: CallRow[];
  errors: ErrorSample[];
  /** Where the time went on the servers, per route (their metrics before and after the run). */
  server: RouteTime[];
}

/** The application form's example cut into its pages, as the portal saves it. */
function formPages(): { id: string; answers: Record<string, unknown> }[] {
  const ui = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/application-form.ui.json'), 'utf8')) as {
    'ui:pages': { id: string; fields: string[] }[];
  };
  const example = validApplicationForm();
  return ui['ui:pages']
    .map((page) => ({ id: page.id, answers: pick(example, page.fields) }))
    .filter((page) => Object.keys(page.answers).length > 0);
}

/**
 * Runs the journey load for each concurrency in turn on fresh accounts of one database and its server processes:
 * each simulated applicant goes through the journey `rounds` times, back to back.
 */
export async function journeyLoad(setup: LoadSetup, concurrencies: number[], rounds: number): Promise<LoadRun[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eta-load-'));
  const database = await openLoadDatabase(setup === 'sqlite' ? 'sqlite' : 'postgres', dataDir);
  const servers: ServerProcess[] = [];
  try {
    const accounts = await prepareAccounts(database.db, dataDir, WARM_UP + concurrencies.reduce((a, b) => a + b, 0));
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      // The pool's size is a setting of the deployment: the bench passes on the one it is run with.
      ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
      ...database.env,
    };
    for (let i = 0; i < (setup === 'postgres-2' ? 2 : 1); i++)
      servers.push(await startServerProcess(benchPort(i), env));
    const pages = formPages();
    const declarations = validDeclarations();
    const pdf = await pdfFile('Hotel booking');

    const run = async (group: Account[]) => {
      const client = createLoadClient(servers.map((s) => s.base));
      const journey = async (account: Account) => {
        const { applicationId: guid, applicantId } = account;
        const signedIn = await client.call<{ tokenInfo: { accessToken: string; refreshToken: string } }>(
          SIGN_IN,
          200,
          'POST',
          '/api/eta/profile/login',
          { json: { email: account.email, password: STRONG_PASSWORD } },
        );
        if (!signedIn) return;
        const token = signedIn.tokenInfo.accessToken;
        await client.call('list applications', 200, 'GET', '/api/eta/applications', { token });
        const create = { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' };
        await client.call('create application', 201, 'POST', '/api/eta/applications', { token, json: create });
        await client.call('read application', 200, 'GET', `/api/eta/applications/${guid}`, { token });
        const answersPath = `/api/eta/applications/${guid}/answers/application-form`;
        await client.call('read form answers', 200, 'GET', `${answersPath}?applicantIdentifier=${applicantId}`, {
          token,
        });
        for (const page of pages) {
          const answers =
            page.id === 'passport' ? { ...page.answers, passportNumber: account.passportNumber } : page.answers;
          await client.call('save form page', 200, 'PUT', answersPath, {
            token,
            json: { applicantIdentifier: applicantId, page: page.id, answers },
          });
        }
        await client.call('save declarations', 200, 'PUT', '/api/eta/declarations', {
          token,
          json: { applicationIdentifier: guid, applicantIdentifier: applicantId, answers: declarations },
        });
        const documents = `/api/eta/applications/${guid}/documents?applicantIdentifier=${applicantId}`;
        const { payload, contentType } = multipartBody([{ field: 'file', fileName: 'booking.pdf', data: pdf }]);
        await client.call('upload document', 201, 'POST', `${documents}&documentType=PROOF_OF_ACCOMMODATION`, {
          token,
          body: payload,
          contentType,
        });
        await client.call('list documents', 200, 'GET', documents, { token });
        const refreshToken = signedIn.tokenInfo.refreshToken;
        await client.call('refresh token', 200, 'POST', '/api/eta/profile/refresh', { json: { refreshToken } });
      };
      const bases = servers.map((server) => server.base);
      const before = await scrape(bases);
      const started = performance.now();
      await Promise.all(
        group.map(async (account) => {
          for (let round = 0; round < rounds; round++) await journey(account);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const server = routeTimes(before, await scrape(bases));
      return { seconds, rows: client.rows(seconds), errors: client.errorSamples(), server };
    };

    await run(accounts.slice(0, WARM_UP));
    const runs: LoadRun[] = [];
    let from = WARM_UP;
    for (const concurrency of concurrencies) {
      runs.push({ concurrency, ...(await run(accounts.slice(from, from + concurrency))) });
      from += concurrency;
    }
    return runs;
  } catch (error) {
    for (const server of servers) console.error(server.output.join('').slice(-4000));
    throw error;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints one run as a table, with up to five samples of its errors. */
export function printLoadRun(run: LoadRun): void {
  console.log(
    `${run.concurrency} applicants, ${run.seconds.toFixed(1)} s\n` +
      `${'call'.padEnd(20)} ${'requests'.padStart(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} errors`,
  );
  for (const r of run.rows) {
    console.log(
      `${r.call.padEnd(20)} ${String(r.requests).padStart(9)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.errors}`,
    );
  }
  for (const e of run.errors.slice(0, 5)) console.log(`  error ×${e.count}: ${e.call} answered ${e.status}: ${e.body}`);
  console.log('');
  printRouteTimes(run.server);
}

export interface JourneyLoadBudget {
  concurrency: number[];
  rounds: number;
  p99MsMax: number;
  signInP99MsMax: number;
  errorsMax: number;
}

/**
 * The journey load section of `npm run bench`: each setup at each concurrency, printed as a table, with the
 * slowest call type's p99 (sign-in apart), sign-in's p99 and the errors reported beside their budgets.
 */
export async function journeyLoadSection(
  setups: LoadSetup[],
  budget: JourneyLoadBudget,
  report: (figure: string, value: string, budgetText: string, met: boolean) => void,
): Promise<void> {
  for (const setup of setups) {
    console.log(`\n## Journey load, ${SETUP_TITLES[setup]} (loopback, ${budget.rounds} journey(s) each)\n`);
    for (const run of await journeyLoad(setup, budget.concurrency, budget.rounds)) {
      printLoadRun(run);
      console.log('');
      const calls = run.rows.filter((r) => r.call !== 'all calls' && r.call !== SIGN_IN);
      const slowest = calls.reduce((a, b) => (b.p99 > a.p99 ? b : a));
      const signIn = run.rows.find((r) => r.call === SIGN_IN);
      const all = run.rows.find((r) => r.call === 'all calls');
      const name = `Journey ${setup} ×${run.concurrency}`;
      report(
        `${name}: slowest p99 but sign-in (${slowest.call})`,
        `${slowest.p99.toFixed(0)} ms`,
        `<= ${budget.p99MsMax} ms`,
        slowest.p99 <= budget.p99MsMax,
      );
      if (signIn) {
        report(
          `${name}: sign-in p99`,
          `${signIn.p99.toFixed(0)} ms`,
          `<= ${budget.signInP99MsMax} ms`,
          signIn.p99 <= budget.signInP99MsMax,
        );
      }
      report(
        `${name}: errors (of ${all?.requests ?? 0} calls, ${all?.perSecond.toFixed(0) ?? 0} req/s)`,
        String(all?.errors ?? 0),
        `<= ${budget.errorsMax}`,
        (all?.errors ?? 0) <= budget.errorsMax,
      );
    }
  }
}
