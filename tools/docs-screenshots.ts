/**
 * `npm run docs:screenshots`: the pictures of README.md and docs/applicants.md, taken from the portal as built
 * (built first when it is not), served on loopback with a database of its own, in Chromium. Written into
 * docs/images/; run it again after a change of the pages' look and commit what changed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { benchPort, ensureBuilt, startServerProcess } from '../tests/bench/servers';
import { CHROMIUM_ARGS, findOrInstallChromium } from '../tests/support/chromium';

const IMAGES = join(import.meta.dirname, '..', 'docs', 'images');

interface Shot {
  file: string;
  path: string;
  language: string;
  width: number;
  /** What the visitor does before the picture is taken. */
  act?: (page: Page) => Promise<void>;
}

/** The registration form sent empty: its summary of problems at the top. */
async function sentEmpty(page: Page): Promise<void> {
  await page.locator('main form button[type="submit"]').last().click();
  await page.getByRole('alert').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

const SHOTS: Shot[] = [
  { file: 'home-1280.png', path: '/', language: 'en', width: 1280 },
  ...['en', 'ar'].flatMap((language): Shot[] => [
    { file: `home-${language}-375.png`, path: '/', language, width: 375 },
    { file: `registration-refused-${language}-375.png`, path: '/registration', language, width: 375, act: sentEmpty },
  ]),
];

async function main(): Promise<void> {
  ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'eta-screenshots-'));
  const server = await startServerProcess(benchPort(0), { DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: await findOrInstallChromium(), args: CHROMIUM_ARGS });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.width < 500 ? 812 : 900 },
        locale: shot.language,
      });
      const page = await context.newPage();
      await page.goto(`${server.base}${shot.path}?lng=${shot.language}`);
      await page.waitForLoadState('networkidle');
      await shot.act?.(page);
      await page.screenshot({ path: join(IMAGES, shot.file) });
      await context.close();
      console.log(`docs/images/${shot.file}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
