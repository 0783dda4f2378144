import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8, ::1 (however written) and IPv4-mapped 127.x addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  const version = isIP(plain);
  return version !== 0 && LOOPBACK.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

/** One address of a forwarding header as written: without quotes, brackets or port. */
function bareAddress(value: string): string {
  const unquoted = value.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(unquoted);
  if (bracketed) return bracketed[1];
  // An IPv4 address with a port; an IPv6 address has more than one colon and no port outside brackets.
  return /^[\d.]+:\d+$/.test(unquoted) ? unquoted.slice(0, unquoted.lastIndexOf(':')) : unquoted;
}

/** Every client address a request's forwarding headers name (X-Forwarded-For, X-Real-IP, Forwarded's `for=`). */
export function forwardedAddresses(headers: FastifyRequest['headers']): string[] {
  const values = (name: string) => {
    const value = headers[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const addresses = [
    ...values('x-forwarded-for').flatMap((value) => value.split(',')),
    ...values('x-real-ip'),
    ...values('forwarded').flatMap((value) =>
      value
        .split(/[,;]/)
        .map((pair) => /^\s*for\s*=\s*(.*)$/i.exec(pair)?.[1])
        .filter((address): address is string => address !== undefined),
    ),
  ];
  return addresses.map(bareAddress);
}

/**
 * True when a request comes from this machine itself: its connection is from a loopback address and every client
 * address a proxy named in its forwarding headers is loopback too. Read from the connection and the headers, not
 * from `request.ip`, so that neither TRUST_PROXY (which takes the client address from X-Forwarded-For, where anyone
 * may write 127.0.0.1) nor a proxy on this machine forwarding a remote client (whose own connection is loopback)
 * passes a remote client off as local.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    forwardedAddresses(request.headers).every((address) => isLoopbackAddress(address))
  );
}
