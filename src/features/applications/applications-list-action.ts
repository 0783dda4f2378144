import { redirect } from 'react-router-dom';
import { applicationCalls } from '@/api/applications';
import { setFlash } from '@/api/flash';
import { resumePath } from '@/api/journey';
import { scopeLanguage, setResponseCookie, type RequestScope } from '@/api/request-scope';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import type { ApiErrorBody, ApiResult } from '@/shared/api-types';
import { routerContextCookie, type RouterContext } from '@/shared/router-context-cookie';
import { applicationLabels } from './labels';
import {
  APPLICATION_FIELD,
  CONTINUE_APPLICATION_ACTION,
  DELETE_APPLICATION_ACTION,
  type DeletedFlash,
} from './posted-names';

/** What the list is shown again with when an action on an application failed. */
export interface ApplicationsListActionData {
  problem: { applicationIdentifier: string; message: string };
}

const bodyOf = (result: ApiResult<unknown>) =>
  typeof result.error === 'object' && result.error !== null ? (result.error as ApiErrorBody) : undefined;

/** Changes the router context for the pages that follow (its cookie, which the browser then goes on with). */
function patchRouterContext(scope: RequestScope, patch: Partial<RouterContext>): void {
  const next: Record<string, string | undefined> = { ...scope.routerContext, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  setResponseCookie(scope, routerContextCookie(Object.keys(next).length > 0 ? JSON.stringify(next) : undefined));
}

/**
 * The list of applications' forms posted without scripts: Continue (the application becomes the one worked on and
 * the visitor goes where the API says it continues) and the confirmed deletion of an application (back to the list,
 * which says which one was deleted).
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const url = new URL(request.url);
  const applicationIdentifier = String(fields.get(APPLICATION_FIELD) ?? '');
  const failed = (result: ApiResult<unknown>): ApplicationsListActionData => ({
    problem: { applicationIdentifier, message: bodyOf(result)?.error ?? t('applications:pages.list.actionFailed') },
  });
  const pressed = fields.get(FORM_FIELDS.action);
  if (pressed === CONTINUE_APPLICATION_ACTION) {
    const resumed = await applicationCalls(scope).resume(applicationIdentifier);
    if (!resumed.success || !resumed.data) return failed(resumed);
    patchRouterContext(scope, { applicationIdentifier: resumed.data.applicationIdentifier });
    return redirect(resumePath(resumed.data));
  }
  if (pressed === DELETE_APPLICATION_ACTION) {
    const listed = await applicationCalls(scope).list();
    const applications = listed.data ?? [];
    const index = applications.findIndex((a) => a.applicationIdentifier === applicationIdentifier);
    const label = index < 0 ? '' : applicationLabels(applications, t, scopeLanguage(scope))[index].label;
    const removed = await applicationCalls(scope).remove(applicationIdentifier);
    if (!removed.success) return failed(removed);
    if (scope.routerContext.applicationIdentifier === applicationIdentifier) {
      patchRouterContext(scope, { applicationIdentifier: undefined });
    }
    setFlash(scope, { page: url.pathname, key: 'deleted', label } satisfies DeletedFlash);
    return redirect(url.pathname);
  }
  return redirect(url.pathname);
};
