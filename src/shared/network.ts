/**
 * Host names only the machine itself can reach: `localhost` (and `*.localhost`), the IPv4 loopback range
 * 127.0.0.0/8, IPv6 `::1`, and the "any address" forms 0.0.0.0 and `::`. A link to one of them cannot be
 * opened on a phone.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127(\.\d{1,3}){3}$/.test(host) || host === '0.0.0.0') return true;
  return host === '::1' || host === '::' || host === '0:0:0:0:0:0:0:1' || host === '::ffff:127.0.0.1';
}

/** True when the address (an absolute URL) points at the machine itself; false for any other or an invalid one. */
export function isLoopbackUrl(address: string): boolean {
  try {
    return isLoopbackHost(new URL(address).hostname);
  } catch {
    return false;
  }
}
