import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Debian's package and Playwright's own download are the only two browsers this project knows how to use. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags Chromium needs to run headless as root on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function playwrightOwnChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Finds a Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser; when none
 * exists and we run as root on Debian, installs Debian's chromium package.
 */
export async function findOrInstallChromium(log: (line: string) => void = console.log): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const own = await playwrightOwnChromium();
  if (own) return own;
  if (isRoot() && existsSync('/etc/debian_version')) {
    log("No Chromium found: installing Debian's chromium package (apt-get) ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    "No Chromium found. Set CHROMIUM_PATH, install Debian's chromium package, or run `npx playwright install chromium`.",
  );
}
