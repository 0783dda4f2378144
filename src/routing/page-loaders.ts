/**
 * What a page reads before it renders: run by the route on the server and on each navigation in the browser, never
 * again for the page on screen. One registry: page registry name -> the page's loader, beside its page. On the server
 * a loader fetches what the page shows into the page's query cache (prefetchQueries), so the page is rendered once,
 * with its data; in the browser the page's hooks ask for what they lack. Some loaders also do something once (a photo
 * session started, a payment checked). (A link's single-use key is never used up by a page's reading: a mail scanner
 * fetches links too. The visitor presses.)
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';

export type PageLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

export interface PageLoaderEntry {
  load: () => Promise<PageLoader>;
  /** Whether the route reads again after a form on the page was sent (never, for a single-use key). */
  shouldRevalidate?: ShouldRevalidateFunction;
}

const applications = () => import('@/features/applications/page-loaders');
const outcomes = () => import('@/features/outcomes/page-loaders');
const staff = () => import('@/features/staff/page-loaders');
const captureSession = async () => (await import('@/features/capture/page-loaders')).captureSessionLoader;

export const pageLoaders: Readonly<Record<string, PageLoaderEntry>> = {
  'applications-list': { load: async () => (await applications()).applicationsListLoader },
  'manage-applicants': { load: async () => (await applications()).applicantsLoader },
  'confirm-applicant': { load: async () => (await applications()).applicantsLoader },
  profile: { load: async () => (await import('@/features/accounts/page-loaders')).profileLoader },
  'capture-start': { load: captureSession },
  'image-capture-result': { load: captureSession },
  'supporting-documents': {
    load: async () => (await import('@/features/documents/page-loaders')).supportingDocumentsLoader,
  },
  'application-submitted': {
    load: async () => (await import('@/features/payment/payment-overview-loader')).submittedLoader,
  },
  'view-eta': { load: async () => (await outcomes()).etaLoader },
  'view-visa': { load: async () => (await outcomes()).permitLoader },
  'view-notice': { load: async () => (await outcomes()).noticeLoader },
  // Starts the photo session when the page is opened without one, and sends the browser to its address.
  'capture-biometrics': { load: async () => (await import('@/features/capture/capture-biometrics-loader')).loader },
  'payment-complete': {
    load: async () => (await import('@/features/payment/payment-complete-loader')).loader,
    // The payment is checked once per arrival; the page asks again itself.
    shouldRevalidate: () => false,
  },
  'payment-overview': { load: async () => (await import('@/features/payment/payment-overview-loader')).loader },
  'staff-sign-in': { load: async () => (await staff()).staffSignInLoader },
  'staff-home': { load: async () => (await staff()).staffHomeLoader },
  'staff-audit': { load: async () => (await staff()).staffAuditLoader },
  'staff-texts': { load: async () => (await staff()).staffTextsLoader },
  'staff-draft': { load: async () => (await staff()).staffDraftLoader },
  'staff-accounts': { load: async () => (await staff()).staffAccountsLoader },
  'step-form': { load: async () => (await import('@/features/application-journey/step-form-loader')).loader },
};
