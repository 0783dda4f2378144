/**
 * The staff's calls (`/api/staff`, src/shared/contract/staff.ts), as plain functions for the staff pages' loaders and
 * actions: on the server with the request's scope (the staff session's cookie goes with the call, and the cookie a
 * sign-in sets goes back with the page), in the browser with its own cookie. Every answer is a result, never thrown.
 */
import {
  STAFF_PATHS,
  type StaffAccountAdded,
  type StaffAccountRequest,
  type StaffAccountSummary,
  type StaffDraftDetail,
  type StaffAuditEntry,
  type StaffSession,
  type StaffSignInRequest,
  type StaffTexts,
  type StaffTextsQuery,
  type StaffTextsRequest,
  type StaffTextsSaved,
  type StaffVersions,
} from '@/shared/contract';
import { request } from './request';
import type { RequestScope } from './request-scope';

export type {
  StaffAccountAdded,
  StaffAccountSummary,
  StaffAuditEntry,
  StaffDraftDetail,
  StaffSession,
  StaffTexts,
  StaffVersions,
};

export const staffCalls = (scope?: RequestScope) => ({
  session: () => request<StaffSession>({ method: 'GET', path: STAFF_PATHS.session, auth: false, scope }),
  signIn: (body: StaffSignInRequest) =>
    request<StaffSession>({ method: 'POST', path: STAFF_PATHS.session, body, auth: false, scope }),
  signOut: () => request<{ signedOut: true }>({ method: 'DELETE', path: STAFF_PATHS.session, auth: false, scope }),
  audit: (query: { subject?: string; limit?: number } = {}) =>
    request<StaffAuditEntry[]>({ method: 'GET', path: STAFF_PATHS.audit, query, auth: false, scope }),
  versions: () => request<StaffVersions>({ method: 'GET', path: STAFF_PATHS.versions, auth: false, scope }),
  accounts: () => request<StaffAccountSummary[]>({ method: 'GET', path: STAFF_PATHS.accounts, auth: false, scope }),
  addAccount: (body: StaffAccountRequest) =>
    request<StaffAccountAdded>({ method: 'POST', path: STAFF_PATHS.accounts, body, auth: false, scope }),
  setRoles: (body: StaffAccountRequest) =>
    request<StaffAccountSummary>({ method: 'PUT', path: STAFF_PATHS.accountRoles, body, auth: false, scope }),
  texts: (query: StaffTextsQuery) =>
    request<StaffTexts>({ method: 'GET', path: STAFF_PATHS.texts, query: { ...query }, auth: false, scope }),
  saveTexts: (body: StaffTextsRequest) =>
    request<StaffTextsSaved>({ method: 'PUT', path: STAFF_PATHS.texts, body, auth: false, scope }),
  draft: (id: string) =>
    request<StaffDraftDetail>({ method: 'GET', path: STAFF_PATHS.draft, query: { id }, auth: false, scope }),
  discardDraft: (id: string) =>
    request<{ discarded: true }>({ method: 'POST', path: STAFF_PATHS.draftDiscard, body: { id }, auth: false, scope }),
  disable: (email: string) =>
    request<{ disabled: true }>({
      method: 'POST',
      path: STAFF_PATHS.accountDisable,
      body: { email },
      auth: false,
      scope,
    }),
});
