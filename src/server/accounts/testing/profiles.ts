import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';

/** Inserts a profile row directly, for tests of the modules below the routes. */
export async function insertTestProfile(
  db: Db,
  overrides: { email?: string; passwordHash?: string; verified?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('profiles')
    .values({
      id,
      title: 'MS',
      given_names: 'Ana',
      family_name: 'Silva',
      email: overrides.email ?? `${id}@example.com`,
      mobile_country: 'ZA',
      mobile_number: '+27821234567',
      password_hash: overrides.passwordHash ?? 'not-a-hash',
      email_verified: overrides.verified === false ? 0 : 1,
      language: 'en',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Saves a profile's language, as the header's language switcher does: the API answers its signed-in calls in it. */
export async function saveTestProfileLanguage(db: Db, profileId: string, language: string): Promise<void> {
  await db.updateTable('profiles').set({ language }).where('id', '=', profileId).execute();
}
