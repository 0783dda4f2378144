import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian's haproxy package puts the program. */
const DEBIAN_HAPROXY = '/usr/sbin/haproxy';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Finds HAProxy: HAPROXY_PATH, else Debian's /usr/sbin/haproxy; when it is missing and we run as root on Debian,
 * installs Debian's haproxy package (as tests/support/chromium.ts does for the browser).
 */
export function findOrInstallHaproxy(log: (line: string) => void = console.log): string {
  const fromEnv = process.env.HAPROXY_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`HAPROXY_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_HAPROXY)) return DEBIAN_HAPROXY;
  if (isRoot() && existsSync('/etc/debian_version')) {
    log("HAProxy is not installed: installing Debian's haproxy package (apt-get) ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
    if (existsSync(DEBIAN_HAPROXY)) return DEBIAN_HAPROXY;
  }
  throw new Error("HAProxy not found: install Debian's haproxy package, or set HAPROXY_PATH.");
}
