/**
 * The real server for the journeys (built portal, embedded database, development mailbox) on E2E_PORT, with its
 * data in E2E_DATA_DIR when given (so that a journey can stop it and start it again on the same data), else in a
 * fresh folder. Playwright starts one for all journeys; `startServer` in ./server.ts starts others. With
 * E2E_SERVER=built it runs the production build of the server (dist/server/main.js, `npm test` does so after its
 * build step), else the server's TypeScript.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.PORT = process.env.E2E_PORT ?? '8188';
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'eta-e2e-'));
process.env.NODE_ENV = 'test';
process.env.DEV_MAILBOX = 'true';
process.env.FORM_PREVIEW = 'true';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// Every journey signs up from the same loopback address: lift the per-address limits (the per-account ones stay).
process.env.CLIENT_LOGIN_FAILURE_LIMIT = '100000';
process.env.CLIENT_CODE_ENTRY_LIMIT = '100000';
process.env.CLIENT_EMAIL_LIMIT = '100000';
process.env.CLIENT_PASSPORT_CHECK_LIMIT = '100000';
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;

if (process.env.E2E_SERVER === 'built') await import(new URL('../../dist/server/main.js', import.meta.url).href);
else await import('../../src/server/main');
