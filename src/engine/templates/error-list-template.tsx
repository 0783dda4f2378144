import type { ErrorListProps } from '@rjsf/utils';
import { ErrorSummary } from '../error-summary';
import { controlIdForPath } from './field-aria';

/** rjsf's error list rendered as the GOV.UK error summary (SchemaForm shows its own; this covers plain rjsf use). */
export function ErrorListTemplate({ errors }: ErrorListProps) {
  const entries = errors.map((e) => {
    const path = (e.property ?? '').replace(/^\./, '');
    return { path, message: e.message ?? e.stack, targetId: controlIdForPath(path) };
  });
  return <ErrorSummary errors={entries} />;
}
