import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiResult } from '@/shared/api-types';
import type { SaveResult } from '@/shared/contract';
import { ApiError } from '../request';
import { saveAnswers } from './calls';
import type { AnswersTarget, SaveBody } from './types';

/** A save that timed out, carried through react-query so that the portal's error policy sees it. */
class TimedOutSave extends ApiError {
  constructor(readonly result: ApiResult<SaveResult>) {
    super(result);
  }
}

/**
 * The save call of the answers' save queue, run as a react-query mutation: a save that times out shows the
 * portal's 'Request timed out' dialog like every other call, and the queue still gets the result (and keeps the
 * answers and tries again: a save replaces the page's or form's answers, so a second try never adds anything).
 */
export function useAnswerSaveCall(): (target: AnswersTarget, body: SaveBody) => Promise<ApiResult<SaveResult>> {
  const { mutateAsync } = useMutation({
    mutationFn: async ({ target, body }: { target: AnswersTarget; body: SaveBody }) => {
      const result = await saveAnswers(target, body);
      if (result.timedOut) throw new TimedOutSave(result);
      return result;
    },
  });
  return useCallback(
    async (target: AnswersTarget, body: SaveBody) => {
      try {
        return await mutateAsync({ target, body });
      } catch (failure) {
        if (failure instanceof TimedOutSave) return failure.result;
        throw failure;
      }
    },
    [mutateAsync],
  );
}
