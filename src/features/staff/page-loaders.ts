/**
 * What the staff's pages read before they render (on the server, and in the browser on a navigation between them):
 * each checks the staff session first (staff-session.ts).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import {
  staffCalls,
  type StaffAccountSummary,
  type StaffAuditEntry,
  type StaffDraftDetail,
  type StaffSession,
  type StaffTexts,
  type StaffVersions,
} from '@/api/staff';
import { scopeOf } from '@/api/request-scope';
import { STAFF_ERRORS } from '@/shared/contract';
import { refusalCode } from './staff-answers';
import { staffReturnPath, staffSessionOrSignIn, STAFF_RETURN_PARAM } from './staff-session';

export interface StaffHomeData {
  member: StaffSession;
  /** The configuration's versions and drafts, for the roles that change it (undefined for an officer). */
  versions?: StaffVersions;
}

export interface StaffAuditData {
  member: StaffSession;
  /** Newest first; undefined when the member is no administrator. */
  entries?: StaffAuditEntry[];
  /** The subject the trail is narrowed to (`?subject=`). */
  subject: string;
}

/** The sign-in page: a member already signed in goes on to where sign-in was asked from. */
export async function staffSignInLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const answer = await staffCalls(scopeOf(context)).session();
  if (answer.success) {
    throw redirect(staffReturnPath(new URL(request.url).searchParams.get(STAFF_RETURN_PARAM)));
  }
  return null;
}

export async function staffHomeLoader({ request, context }: LoaderFunctionArgs): Promise<StaffHomeData> {
  const scope = scopeOf(context);
  const member = await staffSessionOrSignIn(new URL(request.url), scope);
  const versions = await staffCalls(scope).versions();
  return { member, ...(versions.success ? { versions: versions.data } : {}) };
}

export async function staffAuditLoader({ request, context }: LoaderFunctionArgs): Promise<StaffAuditData> {
  const scope = scopeOf(context);
  const url = new URL(request.url);
  const member = await staffSessionOrSignIn(url, scope);
  const subject = (url.searchParams.get('subject') ?? '').trim();
  const answer = await staffCalls(scope).audit(subject ? { subject } : {});
  if (answer.success) return { member, entries: answer.data, subject };
  const code = refusalCode(answer);
  if (code === STAFF_ERRORS.roleRequired) return { member, subject };
  throw new Response(null, { status: answer.status || 503 });
}

export interface StaffAccountsData {
  member: StaffSession;
  /** Every staff account, by address; undefined when the member is no administrator. */
  accounts?: StaffAccountSummary[];
}

export async function staffAccountsLoader({ request, context }: LoaderFunctionArgs): Promise<StaffAccountsData> {
  const scope = scopeOf(context);
  const member = await staffSessionOrSignIn(new URL(request.url), scope);
  const answer = await staffCalls(scope).accounts();
  if (answer.success) return { member, accounts: answer.data };
  const code = refusalCode(answer);
  if (code === STAFF_ERRORS.roleRequired) return { member };
  throw new Response(null, { status: answer.status || 503 });
}

/** The texts page's parameter after a draft it named could not be read (published, discarded, another's). */
export const DRAFT_CLOSED_PARAM = 'draft-closed';

/** Texts shown on one page of the texts page. */
export const TEXTS_PER_PAGE = 25;

export interface StaffTextsData {
  member: StaffSession;
  /** The texts asked for; undefined when the member writes none (neither editor nor translator). */
  texts?: StaffTexts;
  /** Only the texts not yet translated (`?missing=1`). */
  missingOnly: boolean;
  /** The page of texts shown, from 1 (`?page=`). */
  page: number;
}

export async function staffTextsLoader({ request, context }: LoaderFunctionArgs): Promise<StaffTextsData> {
  const scope = scopeOf(context);
  const url = new URL(request.url);
  const member = await staffSessionOrSignIn(url, scope);
  const param = (name: string) => url.searchParams.get(name) || undefined;
  const missingOnly = url.searchParams.get('missing') === '1';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const answer = await staffCalls(scope).texts({
    language: param('language'),
    namespace: param('namespace'),
    draft: param('draft'),
  });
  if (answer.success) return { member, texts: answer.data, missingOnly, page };
  const code = refusalCode(answer);
  if (code === STAFF_ERRORS.roleRequired) return { member, missingOnly, page };
  // A draft published, discarded or another member's since: the live version's texts, saying so.
  if (code === STAFF_ERRORS.changeRefused && url.searchParams.has('draft')) {
    url.searchParams.delete('draft');
    url.searchParams.set(DRAFT_CLOSED_PARAM, '1');
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  if (answer.status === 404) throw new Response(null, { status: 404 });
  throw new Response(null, { status: answer.status || 503 });
}

export interface StaffDraftData {
  member: StaffSession;
  /** The draft and what it changes; undefined when the member's roles do not read drafts. */
  detail?: StaffDraftDetail;
}

/** A draft (`?id=`): one no longer open, or none, is the page not found. */
export async function staffDraftLoader({ request, context }: LoaderFunctionArgs): Promise<StaffDraftData> {
  const scope = scopeOf(context);
  const url = new URL(request.url);
  const member = await staffSessionOrSignIn(url, scope);
  const id = url.searchParams.get('id') ?? '';
  const answer = await staffCalls(scope).draft(id);
  if (answer.success) return { member, detail: answer.data };
  const code = refusalCode(answer);
  if (code === STAFF_ERRORS.roleRequired) return { member };
  throw new Response(null, { status: answer.status === 400 ? 404 : answer.status || 503 });
}
