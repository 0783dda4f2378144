// The reference API built from an edited copy of schemas/ and locales/ (argv[2]), on a fresh in-memory SQLite
// database, in its own Node process (`tsx`): it signs a profile in, makes an application with one applicant,
// passes capture through the capture API with valid pictures, listens on a free port and prints one JSON line:
// { url, token, applications: [{ guid, first }] }.
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: editor-change-api.ts <folder with schemas/ and locales/>');
// Read by the server's translations when they are first used, so it is set before the server is imported.
process.env.LOCALES_DIR = join(dir, 'locales');

const { buildTestApp } = await import('../../src/server/testing/harness');
const { addApplicant, createApplication, signIn } = await import('../../src/server/applications/testing/client');
const { act, startSession, upload } = await import('../../src/server/biometrics/testing/capture-client');
const { validPassportPage, validSelfie } = await import('../../src/server/biometrics/testing/test-images');

const app = await buildTestApp({ db: 'sqlite', schemasDir: join(dir, 'schemas') });
const caller = await signIn(app);
const guid = await createApplication(app, caller);
const first = await addApplicant(app, caller, guid, { givenNames: 'Amélie', familyName: 'Dubois' });
const session = await startSession(app, caller, { applicationId: guid, applicantId: first });
const steps = [
  () => act(app, session, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner: caller }),
  async () => upload(app, session, 'biometrics', await validSelfie(), { owner: caller }),
  () => act(app, session, { action: 'START_CAPTURE', captureType: 'passport' }, { owner: caller }),
  async () => upload(app, session, 'passport', await validPassportPage(), { owner: caller }),
];
for (const step of steps) {
  const response = await step();
  if (response.statusCode !== 200) throw new Error(`capture answered ${response.statusCode}: ${response.body}`);
}
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ url, token: caller.token, applications: [{ guid, first }] })}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
