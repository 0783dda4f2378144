/**
 * `npm run audit:a11y`: the accessibility audit of every route and state (e2e/every-route.spec.ts) in every
 * language of locales/, or in those named after it (`npm run audit:a11y -- ar,zh`). `npm test` walks them all too;
 * this runs the walk alone, in full: axe at both widths in every language (see AUDIT_FULL in the spec).
 * Builds the portal first and uses Debian's Chromium, as `npm test` does.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findOrInstallChromium } from '../support/chromium';

const root = join(import.meta.dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const languages = process.argv[2] ?? 'all';

const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(
  bin('playwright'),
  ['test', '-c', 'e2e/playwright.config.ts', 'e2e/every-route.spec.ts', '--workers=2'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      AUDIT_LANGUAGES: languages,
      AUDIT_FULL: '1',
      CHROMIUM_PATH: await findOrInstallChromium(),
    },
  },
);
process.exit(run.status ?? 1);
