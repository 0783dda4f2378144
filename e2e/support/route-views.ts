/**
 * How each route of schemas/routes.manifest.json is opened with what it shows: in the session its guard asks for,
 * at an address with its required query, and, where the page is about an application or an applicant, with the data
 * made through the API that brings one to the right step (an application at the form, at the documents, awaiting
 * payment, and decided ones with an ETA, a permit and a rejection notice). The accessibility walk of every route
 * (every-route.spec.ts) and the bench's first paint of every route (tests/bench/first-paint.ts) open routes so.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import manifest from '../../schemas/routes.manifest.json' with { type: 'json' };
import { routesWithPaths, type RouteAt } from '../../src/shared/manifest-routes';
import { createVerifiedAccount, type Account, type Tokens } from './accounts';
import { applicationForTwoThroughApi, passCaptureThroughApi } from './application-form';
import { applicationAtDocumentsThroughApi, documentsCompletedThroughApi } from './documents-payment';
import { submittedApplicationThroughApi } from './outcomes';

export interface ManifestRoute {
  path: string;
  guard?: 'public' | 'auth' | 'guest';
  form?: string;
  titleKey?: string;
  hideHeaderFooter?: boolean;
  requiresContext?: string;
  showCloseApplication?: boolean;
  enabledBySetting?: string;
  query?: Record<string, { required?: boolean; enum?: string[] }>;
  children?: ManifestRoute[];
}

/** The guard a route runs: its own, else its nearest parent's ('public' when none names one). */
const guardOf = (at: RouteAt<ManifestRoute>): ManifestRoute['guard'] =>
  at.route.guard ?? (at.parent ? guardOf(at.parent) : 'public');

/** Every route of the manifest with its full path and effective guard (children inherit their parent's). */
function flatten(routes: ManifestRoute[]): ManifestRoute[] {
  return routesWithPaths(routes).map((at) => ({ ...at.route, path: at.fullPath, guard: guardOf(at) }));
}

/**
 * Every route of the manifest but those a setting turns on: they are off on a production server, so the walks and the
 * bench leave them out.
 */
export const walkedRoutes = flatten((manifest as { routes: ManifestRoute[] }).routes).filter(
  (r) => !r.enabledBySetting,
);

/** The data made through the API before routes are opened (`routeData`). */
export interface RouteData {
  account: Account & { tokens: Tokens };
  /** At the application form (capture passed) for `first`; `second` still at the photo step. */
  atForm: { applicationIdentifier: string; first: string; second: string; captureSession: string };
  /** Both applicants' forms and declarations answered: at the supporting documents. */
  atDocuments: { applicationIdentifier: string; first: string };
  /** Documents given too: awaiting payment. */
  atPayment: { applicationIdentifier: string };
  /** Paid and decided: an ETA approved, one refused, and a visitor's visa (a permit). */
  submitted: { applicationIdentifier: string; approved: string; refused: string; permit: string };
}

export type Session = 'visitor' | 'user';
export type ViewState = 'submitted empty' | 'dialog open';
/** One way of opening a route, with the states to bring it to after its loaded state. */
export interface View {
  name: string;
  /** The route's path, or the error page's name. */
  path: string;
  session: Session;
  url: (d: RouteData) => string;
  states: ViewState[];
  /** The manifest's key of the page's heading (none for the error pages). */
  titleKey?: string;
}

/** The address with each required query parameter given a valid value. */
export function validUrl(route: ManifestRoute): string {
  const params = new URLSearchParams();
  for (const [name, rule] of Object.entries(route.query ?? {}))
    if (rule.required) params.set(name, rule.enum?.[0] ?? 'test-value');
  return params.size ? `${route.path}?${params}` : route.path;
}

/**
 * The routes whose pages need more than their plain address: the data they show, or another way of opening
 * them. Every other route is opened at its address in the session its guard asks for.
 */
const VIEWS: Record<string, (d: RouteData) => Partial<Pick<View, 'url' | 'states'>>[]> = {
  '/capture': (d) => [{ url: () => `/capture?sessionIdentifier=${d.atForm.captureSession}&routeFrom=web` }],
  '/capture/capture-biometrics': (d) => [
    { url: () => `/capture/capture-biometrics?applicantIdentifier=${d.atForm.second}` },
  ],
  '/applications/application': (d) => [
    { url: () => '/applications/application', states: ['dialog open'] },
    { url: () => `/applications/application?applicantIdentifier=${d.atForm.first}` },
  ],
  '/applications/declarations': (d) => [
    { url: () => `/applications/declarations?applicantIdentifier=${d.atDocuments.first}`, states: [] },
  ],
  '/applications/supporting-documents': (d) => [
    { url: () => `/applications/supporting-documents?applicantIdentifier=${d.atDocuments.first}` },
  ],
  '/applications/application-submitted': (d) => [
    { url: () => `/applications/application-submitted?applicationIdentifier=${d.submitted.applicationIdentifier}` },
  ],
  '/applications/payment-complete': (d) => [
    { url: () => `/applications/payment-complete?applicationIdentifier=${d.submitted.applicationIdentifier}` },
  ],
  '/applications/view-eta': (d) => [
    { url: () => `/applications/view-eta?applicantIdentifier=${d.submitted.approved}` },
  ],
  '/applications/view-visa': (d) => [
    { url: () => `/applications/view-visa?applicantIdentifier=${d.submitted.permit}` },
  ],
  '/applications/view-notice': (d) => [
    { url: () => `/applications/view-notice?applicantIdentifier=${d.submitted.refused}` },
  ],
  '/verify-seal': () => [{ states: ['submitted empty'] }],
  '/reset-password': () => [{ states: [] }],
};

/** The application each signed-in route is about (the router context it is opened with). */
const CONTEXT: Record<string, (d: RouteData) => string> = {
  '/applications/supporting-documents': (d) => d.atDocuments.applicationIdentifier,
  '/applications/declarations': (d) => d.atDocuments.applicationIdentifier,
  '/applications/payment-overview': (d) => d.atPayment.applicationIdentifier,
};

/**
 * The router context a signed-in route is opened with, as the browser keeps it (`eta.routerContext` in local
 * storage and in the cookie the server reads it from: src/shared/router-context-cookie.ts).
 */
export function routerContextOf(path: string, data: RouteData): string {
  const application = (CONTEXT[path] ?? ((d: RouteData) => d.atForm.applicationIdentifier))(data);
  return JSON.stringify({ applicationIdentifier: application, email: data.account.email });
}

/** States a route has but the walk cannot bring it to, and why (any other route's states are all walked). */
export const NOT_WALKED: Record<string, string> = {
  '/capture/image-capture-entry':
    'the camera itself: headless Chromium has no camera, so the page shows its no-camera state (walked)',
  '/verify-email': 'the confirmed state needs a fresh e-mailed link (walked by journey-languages.spec.ts)',
  '/reset-password': 'the form with a valid key needs a fresh e-mailed link; walked without one (link not valid)',
  '/applications/declarations':
    'sent empty: its applicant has answered them already (the same form engine is sent empty on the application form)',
  '/form-preview': 'on only where FORM_PREVIEW is set (a development setting), so not part of the audit',
};

/** The error pages, which no route of the manifest names. */
const ERROR_VIEWS: View[] = [
  { name: 'not found', path: 'not found', session: 'visitor', url: () => '/no/such/page', states: [] },
  { name: 'link not valid', path: 'link not valid', session: 'visitor', url: () => '/capture', states: [] },
];

function viewsOf(route: ManifestRoute, data: RouteData): View[] {
  const session: Session = route.guard === 'auth' ? 'user' : 'visitor';
  const states: ViewState[] = [
    ...(route.form ? (['submitted empty'] as const) : []),
    ...(route.showCloseApplication ? (['dialog open'] as const) : []),
  ];
  const own = VIEWS[route.path]?.(data) ?? [{}];
  return own.map((v, i) => ({
    name: own.length > 1 ? `${route.path} (${i + 1})` : route.path,
    path: route.path,
    session,
    url: v.url ?? (() => validUrl(route)),
    states: v.states ?? states,
    titleKey: route.titleKey,
  }));
}

/** Every way of opening every walked route, then the error pages. */
export function everyView(data: RouteData): View[] {
  return [...walkedRoutes.flatMap((route) => viewsOf(route, data)), ...ERROR_VIEWS];
}

/**
 * Makes the data the routes show through the API of the portal `api` talks to, which must decide within seconds
 * (outcomesServerEnv in ./outcomes.ts): an account, applications at each step, and decided ones whose ETA,
 * rejection notice and permit answer by the time this returns.
 */
export async function routeData(api: APIRequestContext): Promise<RouteData> {
  const account = await createVerifiedAccount(api);
  const { tokens } = account;
  const holder = { givenNames: account.givenNames, familyName: account.familyName };
  // The submitted ones first, so that their decisions (a second after payment) are in by the time they are shown.
  const eta = await submittedApplicationThroughApi(api, tokens, 'ETA', [
    { ...holder, dateOfBirth: '1986-04-12', isAccountHolder: true },
    {
      givenNames: 'Léo',
      familyName: 'Dubois',
      dateOfBirth: '2015-02-01',
      isAccountHolder: false,
      // A passport that runs out five days after the departure: refused by the rules.
      answers: { departureDate: '2030-03-20', passportExpiryDate: '2030-03-25' },
    },
  ]);
  const visa = await submittedApplicationThroughApi(api, tokens, 'ETA_SECTION_11_1', [
    { givenNames: 'Amélie', familyName: 'Dubois', dateOfBirth: '1988-09-30', isAccountHolder: false },
  ]);
  const atForm = await applicationForTwoThroughApi(api, tokens, holder);
  await passCaptureThroughApi(api, tokens, atForm.applicationIdentifier, atForm.first);
  const session = await api.post('/api/eta/biometrics', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: { applicationIdentifier: atForm.applicationIdentifier, applicantIdentifier: atForm.second },
  });
  expect(session.status(), await session.text()).toBe(201);
  const atDocuments = await applicationAtDocumentsThroughApi(api, tokens, holder);
  const atPayment = await applicationAtDocumentsThroughApi(api, tokens, holder);
  await documentsCompletedThroughApi(api, tokens, atPayment.applicationIdentifier, [atPayment.first, atPayment.second]);
  const data: RouteData = {
    account,
    atForm: { ...atForm, captureSession: ((await session.json()) as { sessionIdentifier: string }).sessionIdentifier },
    atDocuments: { applicationIdentifier: atDocuments.applicationIdentifier, first: atDocuments.first },
    atPayment: { applicationIdentifier: atPayment.applicationIdentifier },
    submitted: {
      applicationIdentifier: eta.applicationIdentifier,
      approved: eta.applicants[0].applicantIdentifier,
      refused: eta.applicants[1].applicantIdentifier,
      permit: visa.applicants[0].applicantIdentifier,
    },
  };
  // The decisions are in once each document answers.
  const auth = { Authorization: `Bearer ${tokens.accessToken}` };
  for (const [applicant, segment] of [
    [data.submitted.approved, 'eta'],
    [data.submitted.refused, 'rejection-notice'],
    [data.submitted.permit, 'permit'],
  ] as const)
    await expect
      .poll(async () => (await api.get(`/api/eta/applicants/${applicant}/${segment}`, { headers: auth })).status(), {
        timeout: 30_000,
      })
      .toBe(200);
  return data;
}
