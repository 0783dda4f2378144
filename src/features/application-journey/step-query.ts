import { queryOptions } from '@tanstack/react-query';
import { loadStepAnswers, type Answers, type AnswersTarget, type StepAnswers } from '@/api/answers';
import { queryKeys } from '@/api/query-keys';
import { unwrap } from '@/api/request';
import type { RequestScope } from '@/api/request-scope';
import { loadForm } from '@/engine/form-loader';
import { formValidation } from '@/engine/validation/form-validation';
import { fullName } from './applicant-name';

/** What a form step's page shows: one applicant's saved answers of one form, and where to start. */
export interface LoadedStep {
  name: string;
  /** The applicant's furthest step, as the server says. */
  current: string;
  answers: Answers;
  /** When the server last stored them. */
  updatedAt?: string;
  startPage?: string;
  /** Fields of each page of the form. */
  pageFields: Record<string, string[]>;
  /** What the passport photo's MRZ says beside the answers (the application form, once the photo is taken). */
  passportReading?: NonNullable<StepAnswers['passportReading']>;
}

/**
 * Everything needed to show a form step's page, in one call: the saved answers and where to start. The same on the
 * server (fetched by the page's loader, step-form-loader.ts, which also decides from it which page applies) and in
 * the browser; answers kept in this browser are laid over them once the page is shown (answers-step.tsx).
 */
export const stepQuery = (target: AnswersTarget, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: [
      ...queryKeys.applications.details(target.applicationIdentifier),
      target.formId,
      target.applicantIdentifier,
    ],
    queryFn: async ({ signal }): Promise<LoadedStep> => {
      const [saved, form] = await Promise.all([
        loadStepAnswers(target, { signal, scope }).then(unwrap),
        loadForm(target.formId),
      ]);
      const pages = formValidation(form).pages;
      return {
        name: fullName(saved),
        current: saved.currentStep,
        answers: saved.answers,
        updatedAt: saved.updatedAt,
        startPage: saved.startPage ?? undefined,
        pageFields: Object.fromEntries(pages.map((p) => [p.id, p.fields])),
        passportReading: saved.passportReading,
      };
    },
    // Loaded once per visit: the form keeps its own state from then on. (The server's page keeps it until it is
    // rendered: its loader fetches it before.)
    staleTime: Infinity,
    gcTime: scope ? Infinity : 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
