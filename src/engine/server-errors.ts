import { useEffect, useState } from 'react';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { getAtPath } from './dotted-paths';
import type { FormAnswers } from './form-types';

/** An error the API answered for one field, with the answer it was about (JSON) when it came. */
export interface ServerFieldError {
  path: string;
  message: string;
  snapshot: string;
}

function serverFieldErrors(serverErrors: FieldError[] | ApiErrorBody | null | undefined): FieldError[] {
  if (!serverErrors) return [];
  return Array.isArray(serverErrors) ? serverErrors : (serverErrors.fields ?? []);
}

/** Whether a server error still stands: the answer it was about has not changed since. */
export function stillStands(error: ServerFieldError, data: FormAnswers): boolean {
  return JSON.stringify(getAtPath(data, error.path) ?? null) === error.snapshot;
}

/**
 * The errors of the latest server answer, each kept next to its field until the answer there changes (see
 * `stillStands`). `onArrive` runs when an answer brings errors, e.g. to focus the error summary.
 */
export function useServerErrors(
  serverErrors: FieldError[] | ApiErrorBody | null | undefined,
  data: FormAnswers,
  onArrive: () => void,
): ServerFieldError[] {
  const snapshot = () =>
    serverFieldErrors(serverErrors).map((f) => ({
      path: f.field,
      message: f.message,
      snapshot: JSON.stringify(getAtPath(data, f.field) ?? null),
    }));
  // The errors the form first shows are there from its first render (on the server too: a form sent back).
  const [server, setServer] = useState<ServerFieldError[]>(snapshot);
  const [seen, setSeen] = useState(serverErrors);
  useEffect(() => {
    // A form sent back with errors: once the page is taken over, its summary takes focus (GOV.UK).
    if (server.length) onArrive();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (serverErrors === seen) return;
    setSeen(serverErrors);
    const list = snapshot();
    setServer(list);
    if (list.length) onArrive();
    // Only a new server answer resets them, not typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors]);
  return server;
}
