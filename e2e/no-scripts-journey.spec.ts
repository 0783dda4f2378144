// The whole journey with the browser's scripts switched off, in English on a 375 px phone and in Arabic on a 1280 px
// screen: every page is the server's HTML, every button a form it posts, every list the browser's own. A visitor
// registers (an empty form and wrong answers refused first), confirms the address by the e-mailed link, signs in,
// signs out, resets the forgotten password with the e-mailed code and signs in with the new one; starts an
// application for themself and one other person; adds, refuses, changes and removes applicants until there are two;
// sends the photos of both as files; answers the application form and the declarations of both page by page (Back,
// a Change link, "Add another"); asks to close the application and stays; deletes a second application from My
// applications and continues the first; gives the supporting documents (a file that is no PDF refused, one removed);
// pays, a declined card first, then 4242 4242 4242 4242; sees the submitted page with its reference; reloads My
// applications until the decision; opens the ETA, downloads its PDF, checks its seal; and signs out through the menu.
// The journey has a server of its own, which decides within a second of the payment. On each page: the language and
// direction, no English left, axe clean, and a screenshot in .cache/screenshots/no-scripts-journey/<lng>-<width>/.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/fixtures';
import { NO_SCRIPTS_RUNS, noScriptsPage } from './support/no-scripts';
import { registerAndSignIn } from './support/no-scripts-journey/accounts';
import { addApplicants, createApplication } from './support/no-scripts-journey/applicants';
import { applicationForms, declarations } from './support/no-scripts-journey/answers';
import type { Journey } from './support/no-scripts-journey/journey';
import { closeAndMyApplications } from './support/no-scripts-journey/my-applications';
import { etaAndSeal } from './support/no-scripts-journey/outcome';
import { pay, photosByFile, supportingDocuments } from './support/no-scripts-journey/photos-documents-payment';
import { outcomesServerEnv } from './support/outcomes';
import { startServer, type RunningServer } from './support/server';

test.use({ javaScriptEnabled: false });

let server: RunningServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ env: outcomesServerEnv() });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

for (const run of NO_SCRIPTS_RUNS) {
  const { lng, width } = run;
  test.describe(`without scripts, ${lng} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: lng });

    test(`from registration to the ETA and its seal, in ${lng}`, async ({ page, context, browser }) => {
      test.setTimeout(1_200_000);
      const p = await noScriptsPage(page, browser, run, 'no-scripts-journey', server.baseURL);
      const journey: Journey = { page, context, run, api, p };

      const account = await registerAndSignIn(journey);
      await createApplication(journey);
      const applicants = await photosByFile(journey, await addApplicants(journey, account));
      await applicationForms(journey, account, applicants);
      await declarations(journey, applicants);
      await closeAndMyApplications(journey);
      await supportingDocuments(journey, applicants);
      await pay(journey, account);
      await etaAndSeal(journey, account, applicants);
      await p.close();
    });
  });
}
