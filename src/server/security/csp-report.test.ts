import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_RULE } from './csp-report';
import { expectDocumented } from '../openapi/testing/conformance';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from '../security-headers';
import { buildTestApp, databases } from '../testing/harness';
import { parseCsp } from './testing/csp';

const OPERATION = '/api/eta/csp-report';
/** Things a report can carry that must never reach the logs. */
const SECRET_KEY = 'k3yFromAnEmailedLink';
const PERSONAL = 'ana.silva@example.com';

/** A report as report-uri sends it. */
const legacyReport = () => ({
  'csp-report': {
    'document-uri': `https://eta.example/reset-password?authKey=${SECRET_KEY}#${PERSONAL}`,
    referrer: `https://mail.example/?to=${PERSONAL}`,
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "script-src 'self'",
    'blocked-uri': `https://evil.example/steal.js?who=${PERSONAL}`,
    'script-sample': `send("${PERSONAL}")`,
    'source-file': `https://eta.example/assets/index-abc.js?v=${SECRET_KEY}`,
    'line-number': 12,
    'column-number': 34,
    disposition: 'enforce',
  },
});

/** A batch as report-to sends it: a violation, and a report of another kind that is not read. */
const reportingApiBatch = () => [
  {
    type: 'csp-violation',
    age: 10,
    url: `https://eta.example/profile?email=${PERSONAL}`,
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: `https://eta.example/profile?email=${PERSONAL}`,
      blockedURL: 'inline',
      effectiveDirective: 'script-src-attr',
      sample: `alert("${PERSONAL}")`,
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', body: { id: 'x', message: PERSONAL } },
];

describe.each(databases())('the CSP report endpoint on %s', (kind) => {
  let app: FastifyInstance;
  const logged: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, logLevel: 'warn', logStream: { write: (line) => logged.push(line) } });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    logged.length = 0;
  });

  let client = 0;
  /** Sends a body with a content type, from a client address of its own unless one is given. */
  const send = (body: string, type: string, ip = `198.51.100.${(client += 1)}`): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      payload: body,
      headers: { 'content-type': type },
      remoteAddress: ip,
    });

  const violations = () => logged.map((line) => JSON.parse(line)).filter((entry) => entry.event === 'csp-violation');

  it('is the endpoint every answer names, in report-to, Reporting-Endpoints and report-uri', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/eta/static' });
    const csp = parseCsp(String(answer.headers['content-security-policy']));
    expect(csp.get('report-uri')).toEqual([CSP_REPORT_PATH]);
    expect(csp.get('report-to')).toEqual([CSP_REPORT_GROUP]);
    expect(answer.headers['reporting-endpoints']).toBe(`${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
  });

  it('takes a report-uri report, answers 204 and logs the violation at warn without personal data', async () => {
    const response = await send(JSON.stringify(legacyReport()), 'application/csp-report');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(violations()).toEqual([
      expect.objectContaining({
        level: 40,
        directive: 'script-src-elem',
        blocked: 'https://evil.example/steal.js',
        document: 'https://eta.example/reset-password',
        source: 'https://eta.example/assets/index-abc.js',
        line: 12,
        column: 34,
        disposition: 'enforce',
      }),
    ]);
    expect(logged.join('\n')).not.toContain(SECRET_KEY);
    expect(logged.join('\n')).not.toContain(PERSONAL);
  });

  it('takes a Reporting API batch and logs only its CSP violations', async () => {
    const response = await send(JSON.stringify(reportingApiBatch()), 'application/reports+json');
    expect(response.statusCode).toBe(204);
    expect(violations()).toEqual([
      expect.objectContaining({
        directive: 'script-src-attr',
        blocked: 'inline',
        document: 'https://eta.example/profile',
      }),
    ]);
    expect(logged.join('\n')).not.toContain(PERSONAL);
  });

  it('refuses a body over its limit, one that is not JSON or not a report, and other content types', async () => {
    const padded = {
      'csp-report': { ...legacyReport()['csp-report'], 'script-sample': 'x'.repeat(CSP_REPORT_BODY_LIMIT) },
    };
    const tooBig = await send(JSON.stringify(padded), 'application/csp-report');
    expect(tooBig.statusCode).toBe(413);
    expectDocumented(OPERATION, 'post', tooBig);
    for (const [body, type] of [
      ['{not json', 'application/csp-report'],
      ['{"something":"else"}', 'application/csp-report'],
      [JSON.stringify(legacyReport()), 'application/json'],
      [JSON.stringify(legacyReport()), 'text/plain'],
    ]) {
      const refused = await send(body, type);
      expect(refused.statusCode, `${type} ${body.slice(0, 20)}`).toBe(400);
      expectDocumented(OPERATION, 'post', refused);
    }
    expect(violations()).toEqual([]);
  });

  it('limits the reports of one client address, not those of the others', async () => {
    const body = JSON.stringify(legacyReport());
    for (let i = 0; i < CSP_REPORT_RULE.limit; i += 1)
      expect((await send(body, 'application/csp-report', '203.0.113.77')).statusCode).toBe(204);
    const held = await send(body, 'application/csp-report', '203.0.113.77');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expectDocumented(OPERATION, 'post', held);
    expect(violations()).toHaveLength(CSP_REPORT_RULE.limit);
    expect((await send(body, 'application/csp-report', '203.0.113.78')).statusCode).toBe(204);
  });
});
