// The reference API on a fresh in-memory SQLite database for the journey's browser tests, run in its own Node
// process (`tsx`): it signs a profile in, prepares applications the way their owners' code does (capture is
// completed through completeStep, as the capture flow records it), listens on a free port and prints one JSON
// line: { url, token, applications: [{ guid, first, second }] }.
import { completeStep } from '../../../server/lifecycle/public';
import { addApplicant, createApplication, signIn } from '../../../server/applications/testing/client';
import { buildTestApp } from '../../../server/testing/harness';

const count = Number(process.argv[2] ?? '8');
const app = await buildTestApp({ db: 'sqlite' });
const caller = await signIn(app);
const applications = [];
for (let i = 0; i < count; i += 1) {
  const guid = await createApplication(app, caller);
  const first = await addApplicant(app, caller, guid, { givenNames: 'Amélie', familyName: 'Dubois' });
  const second = await addApplicant(app, caller, guid, {
    isAccountHolder: false,
    relationship: 'CHILD',
    givenNames: 'Léo',
    familyName: 'Dubois',
    dateOfBirth: '2015-02-01',
  });
  await completeStep(app.db, first, 'CAPTURE_BIOMETRICS');
  // Every other application has both applicants past capture.
  if (i % 2 === 1) await completeStep(app.db, second, 'CAPTURE_BIOMETRICS');
  applications.push({ guid, first, second });
}
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ url, token: caller.token, applications })}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
