import type { ErrorSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { topField, type FlowPage } from '@/shared/forms/flow';
import { toErrorSchema } from './dotted-paths';
import type { SummaryError } from './error-summary';
import type { FormAnswers } from './form-types';
import { stillStands, useServerErrors } from './server-errors';
import { controlIdForPath } from './templates/field-aria';
import type { FormValidation } from './validation/form-validation';

export interface FormProblems {
  /** The error summary's entries, in the order of the page's fields. */
  summary: SummaryError[];
  /** The same messages beside their fields (rjsf's extra errors). */
  fieldErrors: ErrorSchema;
}

/**
 * What is wrong with the answers of the page shown, once its button was pressed there (`judged`), together with
 * what the API answered for it (kept beside its field until that answer changes): one list for the summary, in the
 * order of the page's fields as GOV.UK asks, and the same messages for the fields. `onServerErrors` runs when an
 * answer of the API brings errors.
 */
export function useFormProblems(options: {
  validation: FormValidation;
  data: FormAnswers;
  page: FlowPage;
  /** The fields the page asks with these answers. */
  fields: string[];
  judged: boolean;
  serverErrors?: FieldError[] | ApiErrorBody | null;
  onServerErrors: () => void;
}): FormProblems {
  const { validation, data, fields, judged } = options;
  const { t } = useTranslation(['forms', 'validation']);
  const server = useServerErrors(options.serverErrors, data, options.onServerErrors);
  const multiPage = validation.pages.length > 1;
  // Until the button is pressed on the page, no keystroke pays for judging the answers. Judged on each render after,
  // so the rules loaded after the form showed judge them too (their arrival renders the form again: useAllRules).
  const problems = judged ? validation.problems(data) : [];
  const shown = problems.filter((p) => fields.includes(topField(p.path)));
  const standing = server.filter(
    (s) => (!multiPage || fields.includes(topField(s.path)) || s.path === '') && stillStands(s, data),
  );
  const position = (path: string) => fields.indexOf(topField(path));
  const messages = [
    ...shown.map((p) => ({ path: p.path, message: t(p.key, p.params) })),
    ...standing.filter((s) => !shown.some((p) => p.path === s.path)).map((s) => ({ path: s.path, message: s.message })),
  ]
    .map((m, i) => ({ m, i }))
    .sort((a, b) => position(a.m.path) - position(b.m.path) || a.i - b.i)
    .map(({ m }) => m);
  const key = JSON.stringify(messages);
  // The messages are rebuilt each render; their content is what matters.
  const fieldErrors = useMemo(
    () => toErrorSchema((JSON.parse(key) as typeof messages).filter((m) => m.path !== '')),
    [key],
  );
  const summary =
    judged || standing.length > 0 ? messages.map((m) => ({ ...m, targetId: controlIdForPath(m.path) })) : [];
  return { summary, fieldErrors };
}
