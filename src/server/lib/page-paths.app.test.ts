import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerVerifiedAndLogin, waitForMail } from '../accounts/testing/client';
import { signIn } from '../applications/testing/client';
import { payWithCard, readyApplication, startPayment } from '../payments/testing/client';
import { buildTestApp, TEST_SCHEMAS_DIR } from '../testing/harness';

interface Route {
  path: string;
  page?: string;
  children?: Route[];
}

/** Gives the route of `page` the `path` (relative to its parent for a child route), wherever it is in the tree. */
function movePage(routes: Route[], page: string, path: string): boolean {
  for (const route of routes) {
    if (route.page === page) {
      route.path = path;
      return true;
    }
    if (movePage(route.children ?? [], page, path)) return true;
  }
  return false;
}

describe('links to portal pages follow the route manifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eta-page-paths-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    cpSync(TEST_SCHEMAS_DIR, dir, { recursive: true });
    const file = join(dir, 'routes.manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { routes: Route[] };
    expect(movePage(manifest.routes, 'reset-password', '/choose-a-new-password')).toBe(true);
    expect(movePage(manifest.routes, 'payment-complete', 'paid')).toBe(true);
    writeFileSync(file, JSON.stringify(manifest));
    app = await buildTestApp({ schemasDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('e-mails the password reset link at the address the manifest gives the page', async () => {
    await registerVerifiedAndLogin(app, 'moved@example.com');
    await post(app, 'request-password-reset', { email: 'moved@example.com' });
    const [message] = await waitForMail(app, 'moved@example.com', 2);
    expect(message.text).toContain(`${app.config.publicUrl}/choose-a-new-password?authKey=`);
    expect(message.text).not.toContain('/reset-password');
  });

  it('sends the browser back from the payment provider to the address the manifest gives the page', async () => {
    const caller = await signIn(app);
    const { guid } = await readyApplication(app, caller);
    const { redirectUrl } = (await startPayment(app, caller, guid)).json();
    const back = await payWithCard(app, redirectUrl, '4242 4242 4242 4242');
    expect(back.headers.location).toBe(
      `${app.config.publicSettings.FRONT_END_URL}/applications/paid?applicationIdentifier=${guid}`,
    );
  });
});
