import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { ConfigError } from '../lib/env';

/**
 * The proxies in front of the server whose word on the client is taken (TRUST_PROXY): none, the `hops` nearest the
 * server, or those whose address is in `addresses` (single addresses and CIDR ranges).
 */
export type TrustedProxies = false | { hops: number } | { addresses: readonly string[] };

/**
 * Whether an address of a request's chain is a trusted proxy, as fastify's `trustProxy` takes it: `hop` 0 is the
 * connection's peer, 1 the last address of X-Forwarded-For, and so on leftwards. The client's address is the first
 * one, from the server outwards, that is not a trusted proxy; whatever stands left of it was written by the client.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** More proxies than this in front of one server is a mistake in the setting rather than a deployment. */
export const MAX_PROXY_HOPS = 10;

const ADDRESS = '[0-9A-Fa-f:.]+(/[0-9]+)?';

/**
 * The shape TRUST_PROXY must have, as an env-schema setting; `trustedProxies` then reads it and refuses what the
 * shape lets through but cannot be used (`true`, a bad address, a range that holds every address).
 */
export const TRUST_PROXY_SETTING = {
  type: 'string',
  default: 'false',
  pattern: `^(false|true|[0-9]+|${ADDRESS}(\\s*,\\s*${ADDRESS})*)$`,
  errorMessage:
    'must be false, the number of proxies in front of the server (1, 2, ...) or their addresses and CIDR ranges separated by commas (10.0.0.0/8,127.0.0.1)',
} as const;

/** Reads TRUST_PROXY as `TRUST_PROXY_SETTING` let it through; throws a ConfigError saying what to set instead. */
export function trustedProxies(value: string): TrustedProxies {
  if (value === 'false') return false;
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would take any address a client writes in X-Forwarded-For as its own, past every per-client ' +
        'limit: set the number of proxies in front of the server (1, 2, ...) or their addresses and CIDR ranges ' +
        '(10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > MAX_PROXY_HOPS) {
      throw new ConfigError(
        `TRUST_PROXY must be between 1 and ${MAX_PROXY_HOPS} proxies, or false for none, got "${value}"`,
      );
    }
    return { hops };
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  for (const entry of addresses) readRange(entry);
  return { addresses };
}

/** One entry of an address list: its address, its IP version and its prefix length (the whole address when none). */
function readRange(entry: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number } {
  const [address, prefixText] = entry.split('/');
  const version = isIP(address);
  if (version === 0) throw new ConfigError(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range`);
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) throw new ConfigError(`TRUST_PROXY: "${entry}" has a prefix longer than ${bits} bits`);
  if (prefix === 0) {
    throw new ConfigError(
      `TRUST_PROXY: "${entry}" holds every address, so any client would be taken for a proxy: give the proxies' own addresses`,
    );
  }
  return { address, family: version === 4 ? 'ipv4' : 'ipv6', prefix };
}

/**
 * The trust function for fastify and for the request id. A hop count trusts the nearest proxies whatever their
 * address (fastify's own numeric `trustProxy` trusts none: it cannot tell a proxy from a client reaching the server
 * directly), so it is for a server that only its proxies can reach; a list trusts only those addresses, IPv4 ones
 * however written (`::ffff:10.0.0.1` is 10.0.0.1).
 */
export function proxyTrust(proxies: TrustedProxies): ProxyTrust | false {
  if (proxies === false) return false;
  if ('hops' in proxies) {
    const { hops } = proxies;
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const entry of proxies.addresses) {
    const { address, family, prefix } = readRange(entry);
    list.addSubnet(address, prefix, family);
  }
  return (address) => {
    const version = isIP(address);
    if (version === 0) return false;
    try {
      return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    } catch {
      // An address BlockList cannot read (an IPv6 zone, say) is no proxy of ours.
      return false;
    }
  };
}

/** Whether a request came straight from a trusted proxy: its connection's peer is one. */
export function fromTrustedProxy(trust: ProxyTrust | false, request: IncomingMessage): boolean {
  const peer = request.socket?.remoteAddress;
  return trust !== false && peer !== undefined && trust(peer, 0);
}
