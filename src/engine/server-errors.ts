import { useEffect, useEffectEvent, useState } from 'react';
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
  // Only a new server answer resets them, not typing: taken in as the answer is rendered.
  const [seen, setSeen] = useState(serverErrors);
  if (serverErrors !== seen) {
    setSeen(serverErrors);
    setServer(snapshot());
  }
  // An answer with errors, the first one too (a form sent back, once the page is taken over): the summary takes focus.
  const arrived = useEffectEvent(() => {
    if (server.length) onArrive();
  });
  useEffect(() => arrived(), [serverErrors]);
  return server;
}
