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
import {
  addApplicant,
  advanceTo,
  applicantBody,
  call,
  createApplication,
  signIn,
  validApplicationForm,
} from './testing/client';

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

  it('refuses control characters in a name on every call that takes one: no line of a listing can be forged', async () => {
    const controls = ['Ana\r\nAPPROVED', 'Ana\nX', 'Ana\tX', 'Ana\u0000', 'Ana\u001b[2J', 'Ana\u0085X', 'Ana\u2028X'];
    const fieldsOf = (response: { json(): { fields?: { field: string; key: string }[] } }) =>
      (response.json().fields ?? []).map((f) => `${f.field} ${f.key}`);
    const caller = await signIn(app);
    const applicationId = await createApplication(app, caller);
    const applicantId = await addApplicant(app, caller, applicationId, { givenNames: 'Ana', familyName: 'Silva' });
    await advanceTo(app, applicantId, 'APPLICATION_FORM');
    for (const name of controls) {
      const registered = await post(app, 'register', registrationBody('controls@example.com', { givenNames: name }));
      expect(registered.statusCode, JSON.stringify(name)).toBe(400);
      expect(fieldsOf(registered)).toEqual(['givenNames validation:name.invalid']);

      const url = `/api/eta/applications/${applicationId}/applicants`;
      const added = await call(app, caller, 'POST', url, applicantBody({ isAccountHolder: false, familyName: name }));
      expect(added.statusCode, JSON.stringify(name)).toBe(400);
      expect(fieldsOf(added)).toContain('familyName validation:name.invalid');
      const changed = await call(app, caller, 'PUT', `${url}/${applicantId}`, applicantBody({ givenNames: name }));
      expect(changed.statusCode, JSON.stringify(name)).toBe(400);

      const saved = await call(app, caller, 'PUT', `/api/eta/applications/${applicationId}/answers/application-form`, {
        applicantIdentifier: applicantId,
        answers: validApplicationForm({ familyName: name }),
      });
      expect(saved.statusCode, JSON.stringify(name)).toBe(400);
      expect(fieldsOf(saved)).toContain('familyName validation:name.invalid');
    }
    const listed = await call(app, caller, 'GET', `/api/eta/applications/${applicationId}/applicants`);
    expect(listed.json()).toEqual([expect.objectContaining({ givenNames: 'Ana', familyName: 'Silva' })]);
  });

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
