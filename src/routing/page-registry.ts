import type { ComponentType, LazyExoticComponent } from 'react';
import { PUBLIC_FORM_PAGE, STEP_FORM_PAGE } from '@/shared/forms/form-routes';
import { lazyWithTimeout } from './lazy-with-timeout';

export { PUBLIC_FORM_PAGE, STEP_FORM_PAGE };

/** Props every registered page may receive from its manifest route. */
export interface PageProps {
  /** The manifest route's `form`: the form id the page renders. */
  formId?: string;
  /** The manifest route's `titleKey`: the generic form pages use it as their heading. */
  titleKey?: string;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/** Registry name of the page shown for a route whose screen is not built yet. */
export const NOT_AVAILABLE_PAGE = 'not-available';

/**
 * The one page registry: manifest `page` name -> lazily loaded page (each its own chunk). Adding a page is one
 * module plus one line here.
 */
export const pageRegistry: Readonly<Record<string, PageComponent>> = {
  home: lazyWithTimeout<PageProps>(() => import('@/features/home/home-page')),
  faq: lazyWithTimeout<PageProps>(() => import('@/features/faq/faq-page')),
  'wallet-error': lazyWithTimeout<PageProps>(() => import('@/features/wallet-error/wallet-error-page')),
  'registration-warning': lazyWithTimeout<PageProps>(() => import('@/features/accounts/registration-warning-page')),
  registration: lazyWithTimeout<PageProps>(() => import('@/features/accounts/registration-page')),
  'verify-email': lazyWithTimeout<PageProps>(() => import('@/features/accounts/verify-email-page')),
  'email-confirmation': lazyWithTimeout<PageProps>(() => import('@/features/accounts/email-confirmation-page')),
  otp: lazyWithTimeout<PageProps>(() => import('@/features/accounts/otp-page')),
  login: lazyWithTimeout<PageProps>(() => import('@/features/accounts/login-page')),
  'forgot-password': lazyWithTimeout<PageProps>(() => import('@/features/accounts/forgot-password-page')),
  'reset-password': lazyWithTimeout<PageProps>(() => import('@/features/accounts/reset-password-page')),
  profile: lazyWithTimeout<PageProps>(() => import('@/features/accounts/profile-page')),
  'change-password': lazyWithTimeout<PageProps>(() => import('@/features/accounts/change-password-page')),
  'form-preview': lazyWithTimeout<PageProps>(() => import('@/features/form-preview/form-preview-page')),
  'applications-list': lazyWithTimeout<PageProps>(() => import('@/features/applications/applications-list-page')),
  'create-application': lazyWithTimeout<PageProps>(() => import('@/features/applications/create-application-page')),
  'manage-applicants': lazyWithTimeout<PageProps>(() => import('@/features/applications/manage-applicants-page')),
  'confirm-applicant': lazyWithTimeout<PageProps>(() => import('@/features/applications/confirm-applicant-page')),
  'capture-start': lazyWithTimeout<PageProps>(() => import('@/features/capture/capture-start-page')),
  'capture-biometrics': lazyWithTimeout<PageProps>(() => import('@/features/capture/capture-biometrics-page')),
  'image-capture-entry': lazyWithTimeout<PageProps>(() => import('@/features/capture/image-capture-entry-page')),
  'image-capture-result': lazyWithTimeout<PageProps>(() => import('@/features/capture/image-capture-result-page')),
  'supporting-documents': lazyWithTimeout<PageProps>(() => import('@/features/documents/supporting-documents-page')),
  'payment-overview': lazyWithTimeout<PageProps>(() => import('@/features/payment/payment-overview-page')),
  'payment-complete': lazyWithTimeout<PageProps>(() => import('@/features/payment/payment-complete-page')),
  'application-submitted': lazyWithTimeout<PageProps>(() => import('@/features/payment/application-submitted-page')),
  'view-eta': lazyWithTimeout<PageProps>(() => import('@/features/outcomes/view-eta-page')),
  'view-visa': lazyWithTimeout<PageProps>(() => import('@/features/outcomes/view-visa-page')),
  'view-notice': lazyWithTimeout<PageProps>(() => import('@/features/outcomes/view-notice-page')),
  'verify-seal': lazyWithTimeout<PageProps>(() => import('@/features/seal-verification/verify-seal-page')),
  'step-form': lazyWithTimeout<PageProps>(() => import('@/features/application-journey/step-form-page')),
  'public-form': lazyWithTimeout<PageProps>(() => import('@/features/public-form/public-form-page')),
  'staff-sign-in': lazyWithTimeout<PageProps>(() => import('@/features/staff/sign-in-page')),
  'staff-home': lazyWithTimeout<PageProps>(() => import('@/features/staff/home-page')),
  'staff-audit': lazyWithTimeout<PageProps>(() => import('@/features/staff/audit-page')),
  'staff-texts': lazyWithTimeout<PageProps>(() => import('@/features/staff/texts-page')),
  'staff-draft': lazyWithTimeout<PageProps>(() => import('@/features/staff/draft-page')),
  'staff-accounts': lazyWithTimeout<PageProps>(() => import('@/features/staff/accounts-page')),
  [NOT_AVAILABLE_PAGE]: lazyWithTimeout<PageProps>(() => import('@/features/not-available/not-available-page')),
};

/** The registered page of that name, if any. */
export function getPage(name: string | undefined, registry: Readonly<Record<string, PageComponent>> = pageRegistry) {
  return name !== undefined && Object.hasOwn(registry, name) ? registry[name] : undefined;
}
