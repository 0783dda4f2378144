// @long-running (tests/support/long-first-sequencer.ts): one of the longest files, started first in its group.
import { appendFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../accounts/tokens';
import { addApplicant, advanceTo, createApplication, signIn, type Caller } from '../../applications/testing/client';
import { readyApplication } from '../../payments/testing/client';
import { buildTestApp } from '../../testing/harness';
import { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../pages/session';
import { ROUTER_CONTEXT_COOKIE } from '../../../shared/router-context-cookie';
import { watchChanges } from './change-counter';
import {
  buildBody,
  describePost,
  pagePostArbitrary,
  type BuiltRequest,
  type PageFixtureIds,
  type PagePost,
} from './testing/page-requests';
import { actionsWithoutRoute, formFields, pagesWithoutControls, postedRoutes } from './testing/page-routes';
import { pageDataOf, refusalOf } from './testing/page-answers';

// Property-based fuzzing of every page that takes a form posted without scripts (each route of the route manifest
// whose page has an action in src/routing/page-actions.ts), rendered from source as the server renders it: random
// form-encoded and multipart bodies, with the visitor's form token and without it, and random queries. Never a 5xx,
// never an answer over ANSWER_BYTES_MAX, never a stored change after a refusal (a 4xx, or the page shown again with
// its problems), and a post without the visitor's token never acted on. SQLite only (the change counter is a SQLite
// connection's TEMP triggers). PAGE_FUZZ_RUNS sets the cases per route: 60 by default (200 per route took about
// 220 s on a 2-core machine, too long for `npm test`), 1,000 in `npm run bench`. A failure prints fast-check's seed
// and path, which replay it with fc.assert's { seed, path }, and the request and the start of the answer.
// PAGE_FUZZ_LOG=<file> appends every post before it is sent; PAGE_FUZZ_NO_SHRINK=1 reports the first failure as
// found; PAGE_FUZZ_TIMES=<file> appends each answer's time in milliseconds (the bench holds them to its bound: no
// time is asserted here).

const RUNS = Number(process.env.PAGE_FUZZ_RUNS ?? 60);

/**
 * The most bytes an answer may have. The largest real page (the application form's pages, with their lists of
 * countries and the page's data repeated as JSON) is a few hundred kilobytes; a refused form shows what was posted
 * again, in its fields and in the page's data, and the fuzz posts at most a few values of up to 32,000 characters.
 * 2 MB is several times both, and far below the 23 MB a page drew when a posted list was kept whole. The first test
 * checks that the largest real page stays under a quarter of it.
 */
const ANSWER_BYTES_MAX = 2 * 1024 * 1024;

// The shape of Vite's index.html: the server writes each page into it.
const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Electronic Travel Authorisation</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';

const routes = postedRoutes();

/** A visitor as the fuzz sends its posts: its cookies (the form token's apart) and the token its pages carry. */
interface Visitor {
  cookies: Record<string, string>;
  tokenCookies: Record<string, string>;
  token: string;
}

/** The records one route's fuzz works on: a profile with an application whose applicants are at each step. */
interface Fixture {
  caller: Caller;
  email: string;
  ids: PageFixtureIds;
  /** The applicants' identifiers by the step they are at. */
  byStep: Record<string, string>;
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const setCookieLines = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat() as string[];

/** The cookies an answer sets (those it removes left out). */
function cookiesSet(response: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of setCookieLines(response)) {
    const [pair, ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const removed = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(at + 1) === '';
    if (!removed) out[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return out;
}

/** What the route's action answered, by route, as the page's data holds it (none: `{}`). */
const actionDataOf = (response: LightMyRequestResponse) => pageDataOf(response.body)?.router?.actionData ?? {};

/** Whether an answer ends the visitor's session: it clears the session's cookie, or sends to sign in. */
function sessionEnded(response: LightMyRequestResponse): boolean {
  const named = setCookieLines(response).some((line) => line.startsWith(`${AUTH_TOKEN_COOKIE}=`));
  const cleared = named && !(AUTH_TOKEN_COOKIE in cookiesSet(response));
  return cleared || String(response.headers.location ?? '').startsWith('/login');
}

/** The status, type, address and first lines of an answer, for a failure's message. */
export function describeAnswer(response: LightMyRequestResponse): string {
  const body = response.body;
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const text = body
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<head[\s\S]*?<\/head>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [
    `answered ${response.statusCode} ${response.headers['content-type'] ?? ''} ${response.rawPayload.length} bytes`,
    ...(response.headers.location ? [`Location: ${String(response.headers.location)}`] : []),
    ...(title ? [`title: ${title}`] : []),
    text.slice(0, 400),
  ].join('\n  ');
}

describe('fuzzing every page that takes a posted form (SQLite)', () => {
  let dist: string;
  let app: FastifyInstance;
  let snapshot: () => Promise<string>;
  let stranger: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-page-fuzz-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    // Throttles raised out of reach: a visitor who keeps getting 429 would hide every other answer.
    app = await buildTestApp({
      distDir: dist,
      loadServerEntry: () => import('../../../app/server-entry'),
      env: {
        CLIENT_LOGIN_FAILURE_LIMIT: '1000000',
        CLIENT_CODE_ENTRY_LIMIT: '1000000',
        CLIENT_EMAIL_LIMIT: '1000000',
        // Each route's fixture adds applicants, each a passport check from the one test client.
        PASSPORT_CHECK_LIMIT: '1000000',
        CLIENT_PASSPORT_CHECK_LIMIT: '1000000',
      },
    });
    snapshot = (await watchChanges(app.db)).snapshot;
    // Another visitor's token: signed by this server, but not the fuzz's visitor's.
    stranger = (await tokenOf({})).token;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  /** Opens a page as the visitor with `cookies` and reads the token its forms carry and the cookie that goes with it. */
  async function tokenOf(cookies: Record<string, string>, page = '/login'): Promise<Visitor> {
    const response = await app.inject({
      method: 'GET',
      url: page,
      headers: { accept: 'text/html', ...(Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {}) },
    });
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (!token) throw new Error(`GET ${page} carries no form token: ${describeAnswer(response)}`);
    const set = cookiesSet(response);
    const tokenCookies = Object.fromEntries(Object.entries(set).filter(([name]) => !(name in cookies)));
    const kept = Object.fromEntries(Object.entries(set).filter(([name]) => name in cookies));
    return { cookies: { ...cookies, ...kept }, tokenCookies, token };
  }

  /** A visitor of the fixture's profile, with a session of its own (signed in), or a new visitor signed out. */
  async function visitorOf(fixture: Fixture, signedIn: boolean): Promise<Visitor> {
    if (!signedIn) return tokenOf({});
    const session = await startSession(app.db, app.config, fixture.caller.profileId, new Date());
    const context = { applicationIdentifier: fixture.ids.applications[0], email: fixture.email };
    return tokenOf(
      {
        [AUTH_TOKEN_COOKIE]: session.accessToken,
        [REFRESH_TOKEN_COOKIE]: session.refreshToken,
        [ROUTER_CONTEXT_COOKIE]: encodeURIComponent(JSON.stringify(context)),
      },
      '/profile',
    );
  }

  let fixtures = 0;
  /** A profile with an application of three applicants (at the application form, the declarations, payment). */
  async function newFixture(): Promise<Fixture> {
    fixtures += 1;
    const email = `page-fuzz-${fixtures}@example.com`;
    const caller = await signIn(app, email);
    const guid = await createApplication(app, caller);
    const byStep: Record<string, string> = {};
    for (const [i, step] of ['APPLICATION_FORM', 'DECLARATION', 'AWAITING_PAYMENT'].entries()) {
      const applicant = await addApplicant(
        app,
        caller,
        guid,
        i === 0 ? {} : { isAccountHolder: false, relationship: 'CHILD', givenNames: ['Lucas', 'Maya'][i - 1] },
      );
      await advanceTo(app, applicant, step);
      byStep[step] = applicant;
    }
    const other = await readyApplication(app, await signIn(app));
    return {
      caller,
      email,
      byStep,
      ids: {
        applications: [guid],
        applicants: Object.values(byStep),
        othersApplications: [other.guid],
        othersApplicants: other.applicants,
      },
    };
  }

  /** The request a post becomes for a visitor: its cookies, and its token as the post's mode says. */
  function requestOf(post: PagePost, visitor: Visitor): BuiltRequest {
    const wrong = `${visitor.token.slice(0, -1)}${visitor.token.endsWith('A') ? 'B' : 'A'}`;
    const field = { valid: visitor.token, missing: undefined, wrong, foreign: stranger, 'no-cookie': visitor.token }[
      post.token
    ];
    const cookies = post.token === 'no-cookie' ? visitor.cookies : { ...visitor.cookies, ...visitor.tokenCookies };
    const { payload, contentType } = buildBody(post, field === undefined ? undefined : ['_csrf', field]);
    return {
      url: post.url,
      headers: {
        accept: 'text/html',
        'content-type': contentType,
        ...(Object.keys(cookies).length > 0 ? { cookie: cookieHeader(cookies) } : {}),
      },
      payload,
    };
  }

  it('knows every page with an action, and the controls of each page it posts to', () => {
    expect(routes.length).toBeGreaterThan(0);
    // A page's action no route uses is posted to through no address (the public form's, when no route names one).
    expect(actionsWithoutRoute().every((name) => name === 'public-form')).toBe(true);
    expect(pagesWithoutControls().filter((name) => routes.some((r) => r.page === name))).toEqual([]);
    const form = formFields('application-form');
    expect(form.names).toEqual(
      expect.arrayContaining(['otherNationalities.0', 'dateOfBirth.day', 'mobile.isoAlpha2Code']),
    );
    expect(form.lists).toContain('otherNationalities');
  });

  it('sends every real page under a quarter of the bound on an answer', async () => {
    const fixture = await newFixture();
    const visitor = await visitorOf(fixture, true);
    // Each page as its visitor sees it: a form's pages for an applicant at its step, the others once.
    const stepOfForm: Record<string, string> = { 'application-form': 'APPLICATION_FORM', declarations: 'DECLARATION' };
    const urls = routes.flatMap((route) => {
      const applicant = fixture.byStep[stepOfForm[route.form ?? ''] ?? 'AWAITING_PAYMENT'];
      const pages = route.form ? ['', ...formFields(route.form).pageIds.map((p) => `/${p}`)] : [''];
      return pages.map((page) => `${route.path}${page}?applicantIdentifier=${applicant}`);
    });
    let largest = { url: '', bytes: 0 };
    for (const url of urls) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', cookie: cookieHeader(visitor.cookies) },
      });
      expect(response.statusCode, `GET ${url} ${describeAnswer(response)}`).toBeLessThan(500);
      if (response.rawPayload.length > largest.bytes) largest = { url, bytes: response.rawPayload.length };
    }
    console.info(`page fuzz: the largest real page is ${largest.url}, ${largest.bytes} bytes`);
    expect(largest.bytes * 4, `${largest.url} is ${largest.bytes} bytes`).toBeLessThan(ANSWER_BYTES_MAX);
  }, 120_000);

  it("refuses a payment key no API takes with the page's problem, not a 500 (found by this fuzz)", async () => {
    const fixture = await newFixture();
    const visitor = await visitorOf(fixture, true);
    // U+FFFF cannot go in the Idempotency-Key header the action sends: the request failed to be made at all.
    const post: PagePost = {
      url: '/applications/payment-overview',
      encoding: 'urlencoded',
      fields: [['idempotencyKey', '\uFFFF']],
      raw: [],
      token: 'valid',
      signedIn: true,
    };
    const request = requestOf(post, visitor);
    const before = await snapshot();
    const response = await app.inject({ method: 'POST', ...request });
    expect(response.statusCode, describeAnswer(response)).toBe(200);
    expect(refusalOf(response), describeAnswer(response)).toBeDefined();
    expect(await snapshot()).toBe(before);
  });

  for (const route of routes) {
    it(
      `${route.path} (${route.page}): random form posts, with and without the visitor's token`,
      async () => {
        const fixture = await newFixture();
        const visitors = { in: await visitorOf(fixture, true), out: await visitorOf(fixture, false) };
        await fc.assert(
          fc.asyncProperty(pagePostArbitrary(route, fixture.ids), async (post) => {
            const visitor = post.signedIn ? visitors.in : visitors.out;
            const request = requestOf(post, visitor);
            if (process.env.PAGE_FUZZ_LOG) {
              appendFileSync(
                process.env.PAGE_FUZZ_LOG,
                `${route.path} ${JSON.stringify({ ...post, fields: post.fields.slice(0, 50) })}\n`,
              );
            }
            // Work an earlier post left for after its answer (an e-mail) is done before this post is counted from.
            await app.afterAnswer.settled();
            const before = await snapshot();
            const started = performance.now();
            const response = await app.inject({ method: 'POST', ...request });
            if (process.env.PAGE_FUZZ_TIMES) {
              appendFileSync(
                process.env.PAGE_FUZZ_TIMES,
                `${(performance.now() - started).toFixed(1)} ${route.path}\n`,
              );
            }
            const label = () => `${describePost(post, request)}\n  ${describeAnswer(response)}`;
            expect(response.statusCode, label()).toBeLessThan(500);
            expect(response.rawPayload.length, label()).toBeLessThanOrEqual(ANSWER_BYTES_MAX);
            const refusal = refusalOf(response);
            if (post.token !== 'valid') {
              // Not acted on: the page is shown as a GET shows it (whose own redirect is a 302, not the 303 of an
              // action's post/redirect/get), and its data holds no answer of an action.
              expect(response.statusCode, `acted on without the token:\n  ${label()}`).not.toBe(303);
              expect(actionDataOf(response), `acted on without the token:\n  ${label()}`).toEqual({});
            }
            if (refusal) {
              // Including what the refused post would have left for after its answer.
              await app.afterAnswer.settled();
              expect(await snapshot(), `${refusal}, but stored rows changed:\n  ${label()}`).toBe(before);
            }
            // A post that ended the session (signing out) clears its cookies: the next post starts from a visitor
            // with a session of its own.
            if (post.signedIn && sessionEnded(response)) {
              visitors[post.signedIn ? 'in' : 'out'] = await visitorOf(fixture, post.signedIn);
            }
          }),
          { numRuns: RUNS, endOnFailure: process.env.PAGE_FUZZ_NO_SHRINK === '1' },
        );
      },
      120_000 + RUNS * 1_000,
    );
  }
});
