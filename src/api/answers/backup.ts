import type { Answers, AnswersTarget } from './types';

/** Answers typed in this browser are kept in localStorage until the server holds them. */

/** Answers kept in this browser until the server has them. */
export interface AnswersBackup {
  answers: Answers;
  /** The page the answers were typed on. */
  page?: string;
  /** When they were kept (ISO-8601, this browser's clock). */
  savedAt: string;
}

/** localStorage key of the backup of one applicant's answers of one form. */
export function backupKey(target: AnswersTarget): string {
  return `eta.answers.${target.formId}.${target.applicationIdentifier}.${target.applicantIdentifier}`;
}

/** The backup kept for `target`, if any (and readable). */
export function readBackup(target: AnswersTarget): AnswersBackup | undefined {
  try {
    const raw = localStorage.getItem(backupKey(target));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<AnswersBackup>;
    if (!value || typeof value.answers !== 'object' || value.answers === null || typeof value.savedAt !== 'string')
      return undefined;
    return {
      answers: value.answers,
      page: typeof value.page === 'string' ? value.page : undefined,
      savedAt: value.savedAt,
    };
  } catch {
    return undefined;
  }
}

/** Keeps answers in this browser; answers false when the storage refuses (full, or disabled). */
export function writeBackup(target: AnswersTarget, backup: AnswersBackup): boolean {
  try {
    localStorage.setItem(backupKey(target), JSON.stringify(backup));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the backup once the server holds the answers. */
export function clearBackup(target: AnswersTarget): void {
  try {
    localStorage.removeItem(backupKey(target));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * The answers to resume with: the server's first; a backup newer than the server's last change is laid over
 * them (typed here, never saved), an older one only fills answers the server does not have.
 */
export function mergeWithBackup(
  server: Answers,
  serverUpdatedAt: string | undefined,
  backup: AnswersBackup | undefined,
): { answers: Answers; page?: string; fromBackup: boolean } {
  if (!backup) return { answers: server, fromBackup: false };
  const newer = !serverUpdatedAt || Date.parse(backup.savedAt) > Date.parse(serverUpdatedAt);
  if (newer) return { answers: { ...server, ...backup.answers }, page: backup.page, fromBackup: true };
  const gaps = Object.fromEntries(Object.entries(backup.answers).filter(([field]) => !(field in server)));
  return { answers: { ...server, ...gaps }, fromBackup: Object.keys(gaps).length > 0 };
}
