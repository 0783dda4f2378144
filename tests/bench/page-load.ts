/**
 * The page load of `npm run bench`: N visitors at once, each signed in with an application, opening pages rendered
 * by the server without scripts (their applications, a page of the application form) and posting a page of the form
 * as a browser without scripts does (form-encoded, with the form token the page holds), against a real server process
 * (src/server/main.ts, built) on SQLite and PostgreSQL; and in the same run the JSON API's calls for the same data
 * (the applications list, the application read) by the same visitors, so that a page's cost is read beside the API's.
 *
 * Each kind of request is measured on its own, every visitor sending its requests back to back: its pages (or calls)
 * per second, p50 and p99. Accounts, with an application whose applicant has passed the photo step, are set up in
 * the database first; each visitor then signs in through the sign-in page's form and continues its application from
 * its list of applications (which sets the router context, as a browser without scripts does), before anything is
 * measured.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRONG_PASSWORD } from '../../src/server/accounts/testing/client';
import { validApplicationForm } from '../../src/server/applications/testing/client';
import { prepareAccounts, type Account } from '../support/applicant-accounts';
import { percentile } from './api';
import { send } from './load-client';
import { BENCH_METRICS_TOKEN, printRouteTimes, routeTimes, scrape } from './server-metrics';
import { benchPort, openLoadDatabase, startServerProcess, type ServerProcess } from './servers';

export interface PageLoadBudget {
  /** Visitors at once, one run each. */
  concurrency: number[];
  /** Requests of each kind each visitor sends, back to back. */
  requestsPerVisitor: number;
  /** The form page's p99 (ms), by number of visitors. */
  formPageP99MsMax: Record<string, number>;
  /** The form page's pages per second over the API's applications list calls per second. */
  pagesToApiRatioMin: number;
  errorsMax: number;
}

/** The page of the application form measured: one question (a list to choose from), as every page has its frame. */
const FORM_PAGE = 'work';
/** Visitors whose requests warm the server up (JIT, pools, caches) before anything is measured. */
const WARM_UP_VISITORS = 10;
const WARM_UP_REQUESTS = 3;
/** Visitors signed in at once before the load (each sign-in spends argon2 on purpose). */
const SIGN_IN_AT_ONCE = 8;

const HTML = 'text/html,application/xhtml+xml';

/** A visitor signed in through the pages, with its cookies and what its requests send. */
interface Visitor {
  account: Account;
  cookie: string;
  /** The access token of its session, for the API's calls (the cookie the pages read holds the same). */
  token: string;
  /** The form page's address, and the form a browser posts from it (Continue). */
  formPath: string;
  formBody: string;
}

type Outcome = { status: number; text: string; location?: string };

interface Kind {
  name: string;
  /** A page rendered by the server (else a call of the JSON API). */
  page: boolean;
  request: (visitor: Visitor) => { method: string; path: string; headers: Record<string, string>; body?: string };
  /** Whether an answer is the one a browser (or the portal's script) expects. */
  ok: (answer: Outcome, visitor: Visitor) => boolean;
}

const MY_APPLICATIONS = 'my applications';
const FORM_PAGE_KIND = 'form page';
const FORM_POST = 'form page posted';
const API_LIST = 'API GET /api/eta/applications';
const API_READ = 'API GET /api/eta/applications/:guid';

const KINDS: Kind[] = [
  {
    name: MY_APPLICATIONS,
    page: true,
    request: (v) => ({ method: 'GET', path: '/applications', headers: { accept: HTML, cookie: v.cookie } }),
    ok: (a, v) => a.status === 200 && a.text.includes(v.account.applicationId),
  },
  {
    name: FORM_PAGE_KIND,
    page: true,
    request: (v) => ({ method: 'GET', path: v.formPath, headers: { accept: HTML, cookie: v.cookie } }),
    ok: (a) => a.status === 200 && a.text.includes(`name="_page" value="${FORM_PAGE}"`),
  },
  {
    name: FORM_POST,
    page: true,
    request: (v) => ({
      method: 'POST',
      path: v.formPath,
      headers: { accept: HTML, cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: v.formBody,
    }),
    // Saved: on to the next page that applies (post/redirect/get).
    ok: (a) => a.status === 303 && a.location !== undefined && !a.location.includes(`/${FORM_PAGE}?`),
  },
  {
    name: API_LIST,
    page: false,
    request: (v) => ({ method: 'GET', path: '/api/eta/applications', headers: { authorization: `Bearer ${v.token}` } }),
    ok: (a) => a.status === 200,
  },
  {
    name: API_READ,
    page: false,
    request: (v) => ({
      method: 'GET',
      path: `/api/eta/applications/${v.account.applicationId}`,
      headers: { authorization: `Bearer ${v.token}` },
    }),
    ok: (a) => a.status === 200,
  },
];

export interface KindRow {
  kind: string;
  page: boolean;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** An answer that was not the one expected, for the report. */
  sample?: string;
}

/** Characters React escapes in an attribute's value, as a browser reads them back. */
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attributes[name] = unescapeHtml(value ?? '');
  return attributes;
}

/**
 * The fields a browser posts from the first form posted (`method="post"`) of `html` that holds `marker`, submitted by
 * its button named `_action` with `action`: its inputs (checked boxes only), the options chosen in its lists, its
 * text areas, and the button.
 */
export function formSubmission(html: string, marker: string, action: string): URLSearchParams {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find(
    ([, attributes, inner]) => /method="post"/i.test(attributes) && inner.includes(marker),
  );
  if (!form) throw new Error(`no form posted with ${marker} on the page`);
  const inner = form[2];
  const fields = new URLSearchParams();
  // In document order, as a browser sends them.
  for (const match of inner.matchAll(
    /<input\b([^>]*)>|<select\b([^>]*)>([\s\S]*?)<\/select>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g,
  )) {
    if (match[1] !== undefined) {
      const input = attributesOf(match[1]);
      const type = (input.type ?? 'text').toLowerCase();
      if (!input.name || 'disabled' in input || ['submit', 'button', 'image', 'file', 'reset'].includes(type)) continue;
      if ((type === 'checkbox' || type === 'radio') && !('checked' in input)) continue;
      fields.append(input.name, input.value ?? (type === 'checkbox' || type === 'radio' ? 'on' : ''));
    } else if (match[2] !== undefined) {
      const select = attributesOf(match[2]);
      if (!select.name || 'disabled' in select) continue;
      const options = [...match[3].matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)];
      const chosen = options.find(([, attributes]) => 'selected' in attributesOf(attributes)) ?? options[0];
      if (chosen) fields.append(select.name, attributesOf(chosen[1]).value ?? unescapeHtml(chosen[2]));
    } else {
      const textarea = attributesOf(match[4]);
      if (textarea.name && !('disabled' in textarea)) fields.append(textarea.name, unescapeHtml(match[5]));
    }
  }
  fields.append('_action', action);
  return fields;
}

/** A browser's cookie store, enough for the bench's own server: names and values, removed when told. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name: string) => cookies.get(name),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || /;\s*max-age=0\b/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/**
 * Signs `account` in as a browser without scripts does (the sign-in page's form), continues its application from
 * its list of applications, and reads the form page it then posts.
 */
async function signInVisitor(base: string, account: Account): Promise<Visitor> {
  const jar = cookieJar();
  const go = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { accept: HTML, cookie: jar.header(), ...(init.headers as Record<string, string>) },
    });
    jar.keep(response);
    return { status: response.status, text: await response.text(), location: response.headers.get('location') };
  };
  const post = (path: string, fields: URLSearchParams) =>
    go(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields });

  const login = await go('/login');
  const signIn = formSubmission(login.text, 'name="password"', 'continue');
  signIn.set('email', account.email);
  signIn.set('password', STRONG_PASSWORD);
  const signedIn = await post('/login', signIn);
  const token = jar.get('authToken');
  if (signedIn.status !== 303 || !token) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.text}`);
  const list = await go('/applications');
  const continued = await post(
    '/applications',
    formSubmission(list.text, `value="${account.applicationId}"`, 'continue-application'),
  );
  if (continued.status !== 303) throw new Error(`continuing the application answered ${continued.status}`);
  const formPath = `/applications/application/${FORM_PAGE}?applicantIdentifier=${account.applicantId}`;
  const page = await go(formPath);
  if (page.status !== 200) throw new Error(`${formPath} answered ${page.status}: ${page.text.slice(0, 300)}`);
  const posted = formSubmission(page.text, `name="_page" value="${FORM_PAGE}"`, 'continue');
  const example = validApplicationForm() as Record<string, unknown>;
  for (const field of [...posted.keys()]) {
    if (!field.startsWith('_') && typeof example[field] === 'string') posted.set(field, example[field]);
  }
  return { account, cookie: jar.header(), token, formPath, formBody: posted.toString() };
}

/** Runs `work` on each item, `atOnce` at a time. */
async function inTurn<T, R>(items: T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

/** Every visitor sends `requests` requests of `kind` back to back; answers its figures. */
async function measure(base: string, kind: Kind, visitors: Visitor[], requests: number): Promise<KindRow> {
  const latencies: number[] = [];
  let errors = 0;
  let sample: string | undefined;
  const started = performance.now();
  await Promise.all(
    visitors.map(async (visitor) => {
      for (let i = 0; i < requests; i++) {
        const { method, path, headers, body } = kind.request(visitor);
        const t0 = performance.now();
        let answer: Outcome;
        try {
          answer = await send(`${base}${path}`, method, headers, body);
        } catch (error) {
          answer = { status: 0, text: (error as Error).message };
        }
        latencies.push(performance.now() - t0);
        if (!kind.ok(answer, visitor)) {
          errors += 1;
          sample ??= `${answer.status} ${answer.location ?? ''} ${answer.text.replace(/\s+/g, ' ').slice(0, 200)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    kind: kind.name,
    page: kind.page,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    sample,
  };
}

export interface PageLoadRun {
  concurrency: number;
  rows: KindRow[];
  /** Where the time went on the server, per route (its metrics before and after the run). */
  server: ReturnType<typeof routeTimes>;
}

/**
 * The page load on one database: accounts for the most visitors, one server process, the visitors signed in, the
 * server warmed up, then each number of visitors in turn (the first ones of the same visitors).
 */
export async function pageLoad(
  db: 'sqlite' | 'postgres',
  concurrencies: number[],
  requestsPerVisitor: number,
): Promise<PageLoadRun[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eta-page-load-'));
  const database = await openLoadDatabase(db, dataDir);
  let server: ServerProcess | undefined;
  try {
    const accounts = await prepareAccounts(database.db, dataDir, Math.max(...concurrencies));
    server = await startServerProcess(benchPort(3), {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      // One session lasts the whole run: no page refreshes it on the way.
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // Every visitor signs in from this one address: the per-address limits are for visitors on the internet.
      CLIENT_LOGIN_FAILURE_LIMIT: '1000000',
      // The pool's size is a setting of the deployment: the bench passes on the one it is run with.
      ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
      ...database.env,
    });
    const { base } = server;
    const visitors = await inTurn(accounts, SIGN_IN_AT_ONCE, (account) => signInVisitor(base, account));
    for (const kind of KINDS) await measure(base, kind, visitors.slice(0, WARM_UP_VISITORS), WARM_UP_REQUESTS);

    const runs: PageLoadRun[] = [];
    for (const concurrency of concurrencies) {
      const group = visitors.slice(0, concurrency);
      const before = await scrape([base]);
      const rows: KindRow[] = [];
      for (const kind of KINDS) rows.push(await measure(base, kind, group, requestsPerVisitor));
      runs.push({ concurrency, rows, server: routeTimes(before, await scrape([base])) });
    }
    return runs;
  } catch (error) {
    if (server) console.error(server.output.join('').slice(-4000));
    throw error;
  } finally {
    await server?.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const PASS = (met: boolean | undefined) => (met === undefined ? '' : met ? 'PASS' : 'FAIL');

/**
 * The page load section of `npm run bench`: each database at each number of visitors, printed as a table with the
 * server's time per route, and the form page's p99, its ratio to the API's calls per second and the errors reported
 * beside their budgets (PASS or FAIL beside each).
 */
export async function pageLoadSection(
  databases: ('sqlite' | 'postgres')[],
  budget: PageLoadBudget,
  report: (figure: string, value: string, budgetText: string, met: boolean | undefined) => void,
): Promise<void> {
  for (const db of databases) {
    const name = db === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    console.log(
      `\n## Page load, ${name}, one server (loopback, ${budget.requestsPerVisitor} requests of each kind per visitor, ${new Date().toISOString()})\n`,
    );
    for (const run of await pageLoad(db, budget.concurrency, budget.requestsPerVisitor)) {
      const row = (kind: string) => run.rows.find((r) => r.kind === kind)!;
      const apiList = row(API_LIST);
      console.log(
        `${run.concurrency} visitors\n${'request'.padEnd(38)} ${'count'.padStart(6)} ${'per s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(6)} ${'÷ API'.padStart(7)}`,
      );
      for (const r of run.rows) {
        const ratio = r.page ? (r.perSecond / apiList.perSecond).toFixed(3) : '';
        console.log(
          `${r.kind.padEnd(38)} ${String(r.requests).padStart(6)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(6)} ${ratio.padStart(7)}`,
        );
        if (r.sample) console.log(`  not as expected, e.g.: ${r.sample}`);
      }
      console.log(`(÷ API: the page's pages per second over the API's ${API_LIST.slice(4)} calls per second)\n`);
      printRouteTimes(run.server);

      const form = row(FORM_PAGE_KIND);
      const label = `Page load ${db} ×${run.concurrency}`;
      const p99Max = budget.formPageP99MsMax[String(run.concurrency)];
      const p99Met = p99Max === undefined ? undefined : form.p99 <= p99Max;
      const ratio = form.perSecond / apiList.perSecond;
      const ratioMet = ratio >= budget.pagesToApiRatioMin;
      const errors = run.rows.reduce((n, r) => n + r.errors, 0);
      const errorsMet = errors <= budget.errorsMax;
      const lines: [string, string, string, boolean | undefined][] = [
        [
          `${label}: form page p99`,
          `${form.p99.toFixed(0)} ms`,
          p99Max === undefined ? 'reported' : `<= ${p99Max} ms`,
          p99Met,
        ],
        [
          `${label}: form page pages/s ÷ API calls/s`,
          `${ratio.toFixed(3)} (${form.perSecond.toFixed(0)} ÷ ${apiList.perSecond.toFixed(0)})`,
          `>= ${budget.pagesToApiRatioMin}`,
          ratioMet,
        ],
        [`${label}: form page posted p99`, `${row(FORM_POST).p99.toFixed(0)} ms`, 'reported', undefined],
        [`${label}: my applications p99`, `${row(MY_APPLICATIONS).p99.toFixed(0)} ms`, 'reported', undefined],
        [`${label}: errors`, String(errors), `<= ${budget.errorsMax}`, errorsMet],
      ];
      console.log('');
      for (const [figure, value, budgetText, met] of lines) {
        console.log(`${figure}: ${value} (budget ${budgetText}) ${PASS(met)}`.trimEnd());
        report(figure, value, budgetText, met);
      }
    }
  }
}
