import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's pdftoppm, of the poppler-utils package: it draws a PDF's pages as images. */
const DEBIAN_PDFTOPPM = '/usr/bin/pdftoppm';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Finds pdftoppm: PDFTOPPM_PATH, else Debian's /usr/bin/pdftoppm; when it is missing and we run as root on Debian,
 * installs Debian's poppler-utils package (as findOrInstallChromium installs chromium).
 */
export function findOrInstallPdftoppm(log: (line: string) => void = console.log): string {
  const fromEnv = process.env.PDFTOPPM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`PDFTOPPM_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_PDFTOPPM)) return DEBIAN_PDFTOPPM;
  if (isRoot() && existsSync('/etc/debian_version')) {
    log("No pdftoppm found: installing Debian's poppler-utils package (apt-get) ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'poppler-utils'], {
      stdio: 'inherit',
      env,
    });
    if (existsSync(DEBIAN_PDFTOPPM)) return DEBIAN_PDFTOPPM;
  }
  throw new Error("No pdftoppm found. Install Debian's poppler-utils package, or set PDFTOPPM_PATH.");
}

/** Draws the first page of a PDF as a PNG at `dpi` dots per inch, written to `outputBase`.png. */
export function pdfPageAsPng(pdf: string, outputBase: string, dpi: number): string {
  execFileSync(findOrInstallPdftoppm(), [
    '-r',
    String(dpi),
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    outputBase,
  ]);
  return `${outputBase}.png`;
}
