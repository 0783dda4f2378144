import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../testing/harness';
import { STRONG_PASSWORD, authKeyOf, post, registrationBody, waitForMail } from '../accounts/testing/client';
import { proxyTrust } from './trusted-proxies';

/** Answers the client address the server worked out, and the request's id. */
const whoAmI: FastifyPluginAsync = async (app) => {
  app.get('/api/test/client', async (request) => ({ ip: request.ip, id: request.id }));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('proxyTrust', () => {
  it('trusts nobody when no proxy is set', () => {
    expect(proxyTrust(false)).toBe(false);
  });

  it('trusts the nearest proxies of a hop count, whatever their address, and no further', () => {
    const trust = proxyTrust({ hops: 2 });
    if (!trust) throw new Error('no trust function');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.9', 1)).toBe(true);
    expect(trust('10.0.0.1', 2)).toBe(false);
  });

  it('trusts the addresses and ranges of a list only, IPv4 ones however written', () => {
    const trust = proxyTrust({ addresses: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'] });
    if (!trust) throw new Error('no trust function');
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '127.0.0.1', '::ffff:127.0.0.1', 'fd12::1'])
      expect(trust(address, 0), address).toBe(true);
    for (const address of ['127.0.0.2', '11.0.0.1', '203.0.113.7', '::1', 'fe80::1%eth0', 'unknown', ''])
      expect(trust(address, 0), address).toBe(false);
    // Its place in the chain does not matter: a proxy in the list is trusted at any hop.
    expect(trust('10.9.9.9', 3)).toBe(true);
  });
});

describe('the client address and request id behind trusted proxies', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    vi.useRealTimers();
  });

  const build = async (trustProxy: string) => {
    app = await buildTestApp({ env: { TRUST_PROXY: trustProxy }, plugins: [whoAmI] });
    return app;
  };
  /** What the server made of a request from `remoteAddress` with these headers. */
  const seen = async (remoteAddress: string, headers: Record<string, string> = {}) => {
    const answer = await app!.inject({ url: '/api/test/client', remoteAddress, headers });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ ip: string; id: string }>();
  };

  it('with one trusted hop, takes the address the proxy appended and never one the client wrote', async () => {
    await build('1');
    expect((await seen('127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' })).ip).toBe('198.51.100.9');
    for (const forged of ['203.0.113.8', '127.0.0.1', '10.0.0.1', '::1', 'nonsense'])
      expect((await seen('127.0.0.1', { 'x-forwarded-for': `${forged}, 198.51.100.9` })).ip, forged).toBe(
        '198.51.100.9',
      );
    // Without the header the connection's peer is the client.
    expect((await seen('127.0.0.1')).ip).toBe('127.0.0.1');
    // The proxy's request id is taken.
    expect((await seen('127.0.0.1', { 'x-request-id': 'lb-7f3a:0042' })).id).toBe('lb-7f3a:0042');
  });

  it('with two trusted hops, takes the address the outer proxy appended', async () => {
    await build('2');
    const headers = { 'x-forwarded-for': '203.0.113.7, 198.51.100.9, 10.0.0.5' };
    expect((await seen('127.0.0.1', headers)).ip).toBe('198.51.100.9');
  });

  it('with a list of proxies, trusts only connections and hops from them', async () => {
    await build('10.0.0.0/8,127.0.0.1');
    expect((await seen('127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' })).ip).toBe('198.51.100.9');
    expect((await seen('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' })).ip).toBe(
      '198.51.100.9',
    );
    // Through an inner proxy in the list as well.
    expect((await seen('127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 198.51.100.9, 10.1.2.3' })).ip).toBe(
      '198.51.100.9',
    );
    // An address of the list's own range written by the client, left of its own, counts for nothing: the first
    // address from the server outwards that is not a trusted proxy is the client's.
    expect((await seen('127.0.0.1', { 'x-forwarded-for': '10.1.2.3, 198.51.100.9' })).ip).toBe('198.51.100.9');
    // A client reaching the server directly names no one: its header and its request id are ignored.
    const direct = await seen('192.0.2.7', { 'x-forwarded-for': '198.51.100.9', 'x-request-id': 'lb-7f3a:0042' });
    expect(direct.ip).toBe('192.0.2.7');
    expect(direct.id).toMatch(UUID);
    expect((await seen('10.4.5.6', { 'x-request-id': 'lb-7f3a:0042' })).id).toBe('lb-7f3a:0042');
  });

  it('without TRUST_PROXY, believes no header', async () => {
    await build('false');
    const answer = await seen('127.0.0.1', { 'x-forwarded-for': '198.51.100.9', 'x-request-id': 'lb-7f3a:0042' });
    expect(answer.ip).toBe('127.0.0.1');
    expect(answer.id).toMatch(UUID);
  });

  // Fourteen real password checks: slow on a busy machine.
  it.each(['1', '127.0.0.1'])(
    'holds a client behind a trusted proxy (TRUST_PROXY=%s) at the sign-in limit, whatever it writes in X-Forwarded-For',
    { timeout: 60_000 },
    async (trustProxy) => {
      app = await buildTestApp({ env: { TRUST_PROXY: trustProxy, CLIENT_EMAIL_LIMIT: '1000' } });
      const email = 'owner@example.com';
      expect((await post(app, 'register', registrationBody(email))).statusCode).toBe(201);
      const [message] = await waitForMail(app, email);
      expect((await post(app, 'verify', { authKey: authKeyOf(message) })).statusCode).toBe(200);

      const T0 = Date.parse('2027-05-01T09:00:00Z');
      vi.useFakeTimers({ toFake: ['Date'] });
      const signIn = (password: string, forwardedFor: string) =>
        app!.inject({
          method: 'POST',
          url: '/api/eta/profile/login',
          payload: { email, password },
          // The proxy on this machine appends the address it saw to whatever the client sent.
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      const statuses = [];
      for (let i = 1; i <= 14; i++) {
        // A minute apart, so that the growing waits between failures have passed and only the limit holds.
        vi.setSystemTime(new Date(T0 + i * 60_000));
        statuses.push((await signIn(`Wrong-${i}-Pass!`, `203.0.113.${i}, 198.51.100.9`)).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
      // The owner, behind the same proxy from another address, still signs in.
      expect((await signIn(STRONG_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    },
  );
});
