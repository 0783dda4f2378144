import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { ROUTER_CONTEXT_COOKIE } from '../../../src/shared/router-context-cookie';
import type { Tokens } from '../accounts';
import type { noScriptsPage, NoScriptsRun } from '../no-scripts';

/** The helpers of a page without scripts (see `noScriptsPage`). */
export type NoScriptsHelpers = Awaited<ReturnType<typeof noScriptsPage>>;

/**
 * What every stage of the journey without scripts works with: the browser's page and context, the run (language,
 * direction, width), the page helpers, and a request context of the journey's server (its development mailbox, and
 * the API that the checks read what was saved from).
 */
export interface Journey {
  page: Page;
  context: BrowserContext;
  run: NoScriptsRun;
  api: APIRequestContext;
  p: NoScriptsHelpers;
}

/** The account the journey registered, with the password it signs in with at the end. */
export interface JourneyAccount {
  email: string;
  password: string;
  givenNames: string;
  familyName: string;
  name: string;
  /** A session of the account's own, for the checks that read what the pages saved. */
  tokens: Tokens;
}

/** One applicant as the journey adds them: the answers of the applicant form. */
export type JourneyApplicant = {
  isAccountHolder: boolean;
  relationship?: string;
  givenNames: string;
  familyName: string;
  dateOfBirth: string;
  nationality: string;
  passportIssuingCountry: string;
  passportNumber: string;
};

export const fullName = (a: { givenNames: string; familyName: string }) => `${a.givenNames} ${a.familyName}`;

/** The application's two applicants, the account holder first. */
export interface JourneyApplicants {
  holder: JourneyApplicant;
  other: JourneyApplicant;
}

/** An applicant with the identifier the portal gave them (read from the links of the task list). */
export type Identified = JourneyApplicant & { applicantIdentifier: string };

/** How the pages without scripts answer the form filler: the browser's own lists. */
export const native = { native: true };

export const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

/** The application the browser is working on: the one its router context names. */
export async function applicationInBrowser(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === ROUTER_CONTEXT_COOKIE);
  if (!cookie) throw new Error('The browser works on no application.');
  return (JSON.parse(decodeURIComponent(cookie.value)) as { applicationIdentifier: string }).applicationIdentifier;
}
