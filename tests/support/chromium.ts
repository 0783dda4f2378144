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

/** Whether fontconfig knows a font that covers Chinese. */
function hasChineseFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/**
 * Makes sure the browser can draw Chinese (the journeys photograph every page in every language): when no font
 * covers it and we run as root on Debian, installs Debian's fonts-noto-cjk. Elsewhere it says what is missing and
 * goes on, since the journeys' checks do not depend on how the characters look.
 */
export function ensureChineseFont(log: (line: string) => void = console.log): void {
  if (hasChineseFont()) return;
  if (!isRoot() || !existsSync('/etc/debian_version')) {
    log('No font covers Chinese: screenshots of Chinese pages will show boxes (install fonts-noto-cjk).');
    return;
  }
  log("No font covers Chinese: installing Debian's fonts-noto-cjk package (apt-get) ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env,
    });
  }
}
