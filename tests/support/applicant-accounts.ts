import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/accounts/passwords';
import { STRONG_PASSWORD } from '../../src/server/accounts/testing/client';
import { insertTestProfile } from '../../src/server/accounts/testing/profiles';
import { startSession } from '../../src/server/accounts/tokens';
import { buildApp } from '../../src/server/app';
import { addApplicant, advanceTo, createApplication } from '../../src/server/applications/testing/client';
import type { Step } from '../../src/server/lifecycle/public';
import type { Db } from '../../src/server/db/database';
import { testConfig } from '../../src/server/testing/harness';

/** A verified account (password STRONG_PASSWORD) with one application of one applicant, its holder. */
export interface Account {
  email: string;
  applicationId: string;
  applicantId: string;
  passportNumber: string;
}

/**
 * Sets up `count` accounts in a migrated database before a server process is started on it (for the bench's
 * load and the web audit): profiles written directly, applications made through the API in process, and each
 * applicant moved to `step` (the photo step, which needs a camera, done as its owner records it).
 */
export async function prepareAccounts(
  db: Db,
  dataDir: string,
  count: number,
  step: Step = 'APPLICATION_FORM',
): Promise<Account[]> {
  // Every account is set up from this one address: the per-address limit on passport checks is for visitors.
  const config = testConfig({ dataDir }, { CLIENT_PASSPORT_CHECK_LIMIT: '1000000' });
  const app = await buildApp({ config, db, logger: false, servePortal: false });
  try {
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const accounts: Account[] = [];
    for (let i = 0; i < count; i++) {
      const email = `applicant-${i}-${randomBytes(4).toString('hex')}@example.com`;
      const profileId = await insertTestProfile(db, { email, passwordHash });
      const caller = { profileId, token: (await startSession(db, app.config, profileId, new Date())).accessToken };
      const applicationId = await createApplication(app, caller);
      const passportNumber = `L${randomBytes(4).toString('hex').toUpperCase()}`;
      const applicantId = await addApplicant(app, caller, applicationId, { passportNumber });
      await advanceTo(app, applicantId, step);
      accounts.push({ email, applicationId, applicantId, passportNumber });
    }
    return accounts;
  } finally {
    await app.close();
  }
}
