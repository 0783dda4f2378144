/**
 * What a page reads before it renders, for the pages whose reading does something once (a photo session started, a
 * payment checked): run by the route on the server and on each navigation in the browser, never again for the page
 * on screen. One registry: page registry name -> the page's loader, each in a module of its own beside its page.
 * Pages that only show data read it with react-query, which the server fetches while it renders them. (A link's
 * single-use key is never used up by a page's reading: a mail scanner fetches links too. The visitor presses.)
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';

export type PageLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

export interface PageLoaderEntry {
  load: () => Promise<PageLoader>;
  /** Whether the route reads again after a form on the page was sent (never, for a single-use key). */
  shouldRevalidate?: ShouldRevalidateFunction;
}

export const pageLoaders: Readonly<Record<string, PageLoaderEntry>> = {
  // Starts the photo session when the page is opened without one, and sends the browser to its address.
  'capture-biometrics': { load: async () => (await import('@/features/capture/capture-biometrics-loader')).loader },
  'payment-complete': {
    load: async () => (await import('@/features/payment/payment-complete-loader')).loader,
    // The payment is checked once per arrival; the page asks again itself.
    shouldRevalidate: () => false,
  },
  'payment-overview': { load: async () => (await import('@/features/payment/payment-overview-loader')).loader },
  'step-form': { load: async () => (await import('@/features/application-journey/step-form-loader')).loader },
};
