import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  authKeyOf,
  getProfile,
  post,
  registrationBody,
  waitForMail,
} from '../accounts/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { addApplicant, call, createApplication, signIn } from './testing/client';

/** Names as their holders write them: Arabic, Chinese, Cyrillic, and Latin with marks and an apostrophe. */
const NAMES = [
  { script: 'Arabic', givenNames: 'محمد عبد الله', familyName: 'الهاشمي' },
  { script: 'Chinese', givenNames: '小明', familyName: '王' },
  { script: 'Cyrillic', givenNames: 'Анна-Мария', familyName: 'Кузнецова' },
  { script: 'Latin with marks', givenNames: 'Zoë Anaïs', familyName: "N'Diaye-Ångström" },
];

describe.each(databases())('names in any script on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(NAMES)(
    'registers a profile named in $script, and the profile gives the name back unchanged',
    async ({ givenNames, familyName }) => {
      const email = `${NAMES.findIndex((n) => n.familyName === familyName)}-name@example.com`;
      const registered = await post(
        app,
        'register',
        registrationBody(email, {
          givenNames,
          familyName,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        }),
      );
      expect(registered.statusCode).toBe(201);
      const [message] = await waitForMail(app, email);
      expect((await post(app, 'verify', { authKey: authKeyOf(message) })).statusCode).toBe(200);
      const login = await post(app, 'login', { email, password: STRONG_PASSWORD });
      const profile = (await getProfile(app, login.json().tokenInfo.accessToken)).json();
      expect(profile).toMatchObject({ givenNames, familyName, email });
    },
  );

  it.each(NAMES)(
    'adds an applicant named in $script and lists the name unchanged',
    async ({ givenNames, familyName }) => {
      const caller = await signIn(app);
      const applicationId = await createApplication(app, caller);
      await addApplicant(app, caller, applicationId, { givenNames, familyName });
      const listed = await call(app, caller, 'GET', `/api/eta/applications/${applicationId}/applicants`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual(expect.arrayContaining([expect.objectContaining({ givenNames, familyName })]));
    },
  );

  it('still refuses digits and symbols in a name, whatever the script around them', async () => {
    const response = await post(
      app,
      'register',
      registrationBody('digits@example.com', { givenNames: 'محمد 2', familyName: 'Ли@' }),
    );
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['familyName', 'givenNames']);
  });
});
