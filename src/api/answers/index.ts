/**
 * One applicant's answers of the journey's forms, as the pages use them: the calls that load and save them
 * (answers/calls.ts), the copy kept in this browser until the server has it (answers/backup.ts) and the queue that
 * saves while the user types (answers/save-queue.ts). The shapes of the answers are the API's contract.
 */
export type {
  ApplicantDetails,
  /** An application with each applicant's step list (GET /api/eta/applications/{guid}). */
  Application as ApplicationSteps,
  ResumeAnswer,
  SavedForm,
  SaveResult,
  StepAnswers,
} from '@/shared/contract';
export type { AnswerFormId, Answers, AnswersTarget, SaveBody } from './types';
export { loadApplicantDetails, loadStepAnswers, resumeApplication, saveAnswers } from './calls';
export { backupKey, clearBackup, mergeWithBackup, readBackup, writeBackup, type AnswersBackup } from './backup';
export { useAnswerSaveCall } from './use-save-call';
export { AnswerSaveQueue, type SaveOutcome, type SaveQueueOptions, type SaveStatus } from './save-queue';
