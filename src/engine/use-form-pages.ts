import { useState } from 'react';
import { CHECK_ANSWERS_PAGE, type Answers, type FlowPage, type FormFlow } from '@/shared/forms/flow';
import { navigationAt, positionNamed, showsCheckAnswers, type FlowPosition } from '@/shared/forms/navigation';
import type { FormAddress } from './form-address';

export interface FormPagesOptions {
  /** The page addresses, when the form's pages have their own (see form-address.ts). */
  address?: FormAddress;
  /** Id of the page to open first (resuming a saved form); the first page when unknown or not applicable. */
  initialPageId?: string;
  /** Show check answers after the last page (a form with several pages does by default). */
  checkAnswers?: boolean;
}

export interface FormPages {
  /** The page shown (the last one answered while reviewing). */
  page: FlowPage;
  /** Whether check answers is shown instead of a page. */
  reviewing: boolean;
  /** Whether the form has several pages. */
  multiPage: boolean;
  /** Whether the page shown returns to check answers once saved (it was opened by a Change link). */
  returnsToReview: boolean;
  /** The page before the one shown that applies, if any. */
  previous?: FlowPage;
  /** The page after the one shown that applies, if any. */
  next?: FlowPage;
  /** Whether pressing the page's button ends the form (no page after it, and no check answers to show first). */
  finishes: boolean;
  /** Whether check answers comes after the last page. */
  checkAnswers: boolean;
  goTo(pageId: string, options?: { fromReview?: boolean }): void;
  review(): void;
}

/**
 * Which page of a form is shown and where its buttons lead, by the flow's navigation (src/shared/forms/navigation.ts):
 * kept by the form itself, or by the page's address when the form has one (the browser's history then holds it).
 */
export function useFormPages(flow: FormFlow, answers: Answers, options: FormPagesOptions): FormPages {
  const { address } = options;
  const multiPage = flow.pages.length > 1;
  const checkAnswers = options.checkAnswers ?? multiPage;
  const [own, setOwn] = useState<FlowPosition>(() => {
    // A form the server answered with its check answers (posted without scripts) opens there.
    const start = positionNamed(options.initialPageId, { checkAnswers });
    return { ...start, pageId: flow.pageToShow(options.initialPageId, answers).id };
  });
  // An address that names no page opens the page to open first (never check answers).
  const named = address && positionNamed(address.current, { checkAnswers, fromReview: address.fromReview });
  const current = named
    ? { ...named, pageId: address.current === undefined ? options.initialPageId : named.pageId }
    : own;
  const reviewsAtEnd = showsCheckAnswers(flow, options.checkAnswers);
  return {
    ...navigationAt(flow, current, answers, reviewsAtEnd),
    multiPage,
    checkAnswers: reviewsAtEnd,
    goTo(pageId, goOptions) {
      if (address) address.go(pageId, goOptions);
      else setOwn({ pageId, reviewing: false, returnsToReview: goOptions?.fromReview === true });
    },
    review() {
      if (address) address.go(CHECK_ANSWERS_PAGE);
      else setOwn((state) => ({ ...state, reviewing: true, returnsToReview: false }));
    },
  };
}
