/**
 * What each page does with a form posted to it without the page's scripts (the server's side of the HTML-first
 * portal; src/app/server-entry.tsx gives it to the routes, so the browser's bundle never holds it). One registry:
 * page registry name -> the page's action, each in a module of its own beside its page. A page posted to without an
 * action here answers 405.
 */
import type { PageAction } from '@/engine/form-action';

export type { PageAction };

const action =
  <M extends { action: PageAction }>(load: () => Promise<M>) =>
  async (): Promise<PageAction> =>
    (await load()).action;

export const pageActions: Readonly<Record<string, () => Promise<PageAction>>> = {
  'applications-list': action(() => import('@/features/applications/applications-list-action')),
  'capture-biometrics': action(() => import('@/features/capture/capture-biometrics-action')),
  'capture-start': action(() => import('@/features/capture/capture-start-action')),
  'change-password': action(() => import('@/features/accounts/change-password-action')),
  'create-application': action(() => import('@/features/applications/create-application-action')),
  'email-confirmation': action(() => import('@/features/accounts/email-confirmation-action')),
  'forgot-password': action(() => import('@/features/accounts/forgot-password-action')),
  'image-capture-entry': action(() => import('@/features/capture/image-capture-entry-action')),
  'manage-applicants': action(() => import('@/features/applications/manage-applicants-action')),
  'public-form': action(() => import('@/features/public-form/public-form-action')),
  login: action(() => import('@/features/accounts/login-action')),
  otp: action(() => import('@/features/accounts/otp-action')),
  profile: action(() => import('@/features/accounts/profile-action')),
  registration: action(() => import('@/features/accounts/registration-action')),
  'payment-overview': action(() => import('@/features/payment/payment-overview-action')),
  'reset-password': action(() => import('@/features/accounts/reset-password-action')),
  'step-form': action(() => import('@/features/application-journey/answers-action')),
  'supporting-documents': action(() => import('@/features/documents/supporting-documents-action')),
  'staff-sign-in': action(() => import('@/features/staff/sign-in-action')),
  'staff-home': action(() => import('@/features/staff/staff-action')),
  'staff-audit': action(() => import('@/features/staff/staff-action')),
  'staff-texts': action(() => import('@/features/staff/texts-action')),
  'staff-draft': action(() => import('@/features/staff/draft-action')),
  'staff-accounts': action(() => import('@/features/staff/accounts-action')),
  'verify-email': action(() => import('@/features/accounts/verify-email-action')),
  'verify-seal': action(() => import('@/features/seal-verification/verify-seal-action')),
  'view-eta': action(() => import('@/features/outcomes/outcome-action')),
  'view-notice': action(() => import('@/features/outcomes/outcome-action')),
  'view-visa': action(() => import('@/features/outcomes/outcome-action')),
};

/**
 * The pages whose forms post files (`multipart/form-data`: the photos, from this computer or a linked phone, and
 * the supporting documents). Every other page takes only a form of fields (src/routing/post-policy.ts).
 */
export const pagesTakingFiles: ReadonlySet<string> = new Set([
  'capture-biometrics',
  'capture-start',
  'image-capture-entry',
  'supporting-documents',
]);
