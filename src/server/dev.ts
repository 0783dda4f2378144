import { createServer } from 'vite';
import { buildApp } from './app';
import { ensureJwtSecret, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { phoneReachableUrl } from './network-address';
import { isLoopbackUrl } from '../shared/network';

const API_PORT = Number(process.env.DEV_API_PORT ?? 8081);
const PORTAL_PORT = Number(process.env.DEV_PORTAL_PORT ?? 5173);

/** `npm run dev`: the API on 8081 and Vite (hot reload) on 5173, proxying API paths to it. */
async function dev(): Promise<void> {
  const portalUrl = `http://localhost:${PORTAL_PORT}`;
  // E-mail links must open the Vite server, which is where the developer browses.
  const config = await ensureJwtSecret(
    loadConfig({ ...process.env, PORT: String(API_PORT), PUBLIC_URL: process.env.PUBLIC_URL ?? portalUrl }),
  );
  // A phone cannot open http://localhost: the photo page's phone link uses this machine's network address,
  // on which Vite then listens too (the API stays on 127.0.0.1 behind Vite's proxy).
  config.publicSettings.PHONE_URL = phoneReachableUrl(config.publicSettings.FRONT_END_URL);
  const onNetwork =
    isLoopbackUrl(config.publicSettings.FRONT_END_URL) && !isLoopbackUrl(config.publicSettings.PHONE_URL);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, servePortal: false, onClose: () => db.destroy() });
  await app.listen({ port: API_PORT, host: '127.0.0.1' });

  const target = `http://127.0.0.1:${API_PORT}`;
  const vite = await createServer({
    server: {
      port: PORTAL_PORT,
      host: onNetwork ? true : undefined,
      // Only these paths belong to the API (and the sandbox payment provider's page); '/dev' alone would also
      // catch Vite's own files. X-Forwarded-For names the browser, so that the development mailbox (loopback
      // clients only) still refuses a phone on the network that Vite forwards from this machine.
      proxy: { '^/(api|dev|payments)/|^/(envs|health)(\\?|$)': { target, changeOrigin: false, xfwd: true } },
    },
  });
  await vite.listen();
  app.log.info(`API on ${target}`);
  if (onNetwork)
    app.log.info(
      `Photo links for phones use ${config.publicSettings.PHONE_URL} (a phone on the same network opens it)`,
    );
  vite.printUrls();

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.allSettled([vite.close(), app.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

dev().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
