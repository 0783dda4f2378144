import { useMutation } from '@tanstack/react-query';
import { productRequest, unwrap } from './request';

import type { SubmissionReceipt } from '../shared/contract';
import { API_PATHS } from '@/shared/contract';

export type { SubmissionReceipt };

/** The call that sends the answers of a public form (a manifest route with a form that is not a step). */
export function submissionPath(formId: string): string {
  return `${API_PATHS.forms}/${encodeURIComponent(formId)}/submissions`;
}

/**
 * POST a public form's answers. Every failure (refused answers, too many submissions, no connection) is shown by
 * the page where it happened, with the answers still in the form.
 */
export function useSendSubmission(formId: string) {
  return useMutation({
    mutationFn: async (answers: Record<string, unknown>) =>
      unwrap(
        await productRequest<SubmissionReceipt>({
          method: 'POST',
          path: submissionPath(formId),
          body: { answers },
          loading: true,
        }),
      ),
    throwOnError: false,
  });
}
