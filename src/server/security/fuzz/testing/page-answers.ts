import type { LightMyRequestResponse } from 'fastify';
import { showsProblems } from '../../../../engine/form-action';
import { PAGE_DATA_ID } from '../../../../shared/rendered-page';

/**
 * Whether a page's answer to a posted form is a refusal, after which nothing may have been stored: a 4xx, or the
 * page shown again with its problems. The page's data (the JSON block the server sends with it) holds what the
 * route's action answered: a form refused (its messages by field, or a problem about the whole form, as
 * `showsProblems` reads them, which also puts "Error: " before the title), or a page's own word that what was asked
 * failed. A redirect (post/redirect/get after a save), a file, or the page shown again without a problem (a list's
 * "Add another", a button that did nothing, an e-mail sent again) is no refusal. Answers the reason, or undefined.
 */
export function refusalOf(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 400 && response.statusCode < 500) return `refused with ${response.statusCode}`;
  if (response.statusCode !== 200) return undefined;
  const actionData = pageDataOf(response.body)?.router?.actionData;
  for (const [route, data] of Object.entries(actionData ?? {})) {
    if (showsProblems(data)) return `refused by ${route}'s action (its problems shown)`;
    const answer = (data ?? {}) as Record<string, unknown>;
    const failed = FAILURES.find((key) => Boolean(answer[key]));
    if (failed) return `refused by ${route}'s action (${failed})`;
    if ((answer.resend as { problem?: string } | undefined)?.problem) return `refused by ${route}'s action (resend)`;
  }
  return undefined;
}

/**
 * What the pages' actions answer, besides a form's problems, when what was asked could not be done: an applicant not
 * removed, the journey not resumed, a phone not linked, a PDF not made, an e-mailed code's key refused.
 */
const FAILURES = ['removeProblem', 'resumeProblem', 'linkRefused', 'downloadFailed', 'keyRefused'] as const;

/** The page's data block, or undefined when the answer is no page the portal rendered. */
export function pageDataOf(html: string): { router?: { actionData?: Record<string, unknown> | null } } | undefined {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as ReturnType<typeof pageDataOf>;
  } catch {
    return undefined;
  }
}
