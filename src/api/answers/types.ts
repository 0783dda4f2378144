import type { AnswersBody } from '@/shared/contract';

/** A form step of the journey (a `form` of the route manifest's `steps`), e.g. application-form or declarations. */
export type AnswerFormId = string;

/** Whose answers, of which form. */
export interface AnswersTarget {
  formId: AnswerFormId;
  applicationIdentifier: string;
  applicantIdentifier: string;
}

export type Answers = Record<string, unknown>;

/** The body of a save of answers besides the identifiers: a page's answers or the whole form's, maybe a draft. */
export type SaveBody = Omit<AnswersBody, 'applicantIdentifier'>;
