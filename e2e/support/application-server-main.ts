/**
 * Starts the real server (built portal, embedded database, development mailbox) on the port and data folder
 * given by E2E_PORT and E2E_DATA_DIR, so that a journey can stop it and start it again on the same data.
 */
process.env.PORT = process.env.E2E_PORT;
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
process.env.NODE_ENV = 'test';
process.env.DEV_MAILBOX = 'true';
process.env.FORM_PREVIEW = 'true';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
process.env.CLIENT_LOGIN_FAILURE_LIMIT = '100000';
process.env.CLIENT_CODE_ENTRY_LIMIT = '100000';
process.env.CLIENT_EMAIL_LIMIT = '100000';
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;

if (!process.env.PORT || !process.env.DATA_DIR) throw new Error('E2E_PORT and E2E_DATA_DIR must be set');
await import('../../src/server/main');

export {};
