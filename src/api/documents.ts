import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_FILE_FIELD,
  documentPaths,
  type ApplicantDocuments,
  type DocumentFile,
  type DocumentsCompleted,
} from '@/shared/contract';
import type { ApiErrorBody, ApiResult } from '@/shared/api-types';
import { queryKeys } from './query-keys';
import { useRequestScope, type RequestScope } from './request-scope';
import {
  apiHeaders,
  buildUrl,
  isSuccessStatus,
  PRODUCT_TIMEOUT_MS,
  productRequest,
  TIMEOUT_STATUSES,
  unwrap,
  type CallOptions,
  type QueryValue,
} from './request';

export type { ApplicantDocuments, DocumentFile, DocumentRequirement, DocumentsCompleted } from '@/shared/contract';

/** One applicant of one application: whose documents a call is about. */
export interface DocumentTarget {
  applicationIdentifier: string;
  applicantIdentifier: string;
}

/** How much of a file has been sent. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SendFileOptions {
  /** Called as the browser sends the file (XMLHttpRequest upload progress events). */
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
  /**
   * The call gives up when nothing has moved for this long (default: the product calls' 90 s). A large file on a
   * slow line may take longer than that in all, so the clock restarts with every progress event.
   */
  idleTimeoutMs?: number;
  /** The request the server handles (a form posted without scripts): the file is passed on in its own process. */
  scope?: RequestScope;
}

const enc = encodeURIComponent;

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a file as multipart/form-data (part `file`) with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch cannot), with the headers of every other call. Like the request helper, it never throws: every
 * status is a result, a network failure is status 0 and a stalled upload is a time-out.
 */
export function sendFile<T>(
  method: 'POST' | 'PUT',
  path: string,
  query: Record<string, QueryValue> | undefined,
  file: File,
  options: SendFileOptions = {},
): Promise<ApiResult<T>> {
  const { scope } = options;
  if (scope) {
    // On the server (a form posted without scripts): no upload to watch, the API is called in the same process.
    const form = new FormData();
    form.append(DOCUMENT_FILE_FIELD, file, file.name);
    return productRequest<T>({ method, path, query, body: form, scope });
  }
  const idle = options.idleTimeoutMs ?? PRODUCT_TIMEOUT_MS;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idle);
    };
    const onCallerAbort = () => xhr.abort();
    const finish = (result: ApiResult<T>) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
      resolve(result);
    };

    xhr.open(method, buildUrl(path, query));
    apiHeaders().forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      arm();
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const status = xhr.status;
      const body = parseBody(xhr.responseText);
      if (isSuccessStatus(status)) {
        finish({ success: true, status, data: body as T });
        return;
      }
      finish({
        success: false,
        status,
        error: (body as ApiErrorBody | string | undefined) ?? xhr.statusText,
        ...(TIMEOUT_STATUSES.includes(status) ? { timedOut: true } : {}),
      });
    };
    xhr.onerror = () => finish({ success: false, status: 0, error: 'Network error' });
    xhr.onabort = () =>
      finish(
        timedOut
          ? { success: false, status: 0, error: `Upload stalled for ${idle} ms`, timedOut: true }
          : { success: false, status: 0, error: 'Upload cancelled' },
      );
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const form = new FormData();
    form.append(DOCUMENT_FILE_FIELD, file, file.name);
    options.onProgress?.({ loaded: 0, total: file.size });
    arm();
    xhr.send(form);
    if (options.signal?.aborted) xhr.abort();
  });
}

/** GET one applicant's documents: what is asked, what is given, what can be given again. */
export function loadDocuments(target: DocumentTarget, call: CallOptions = {}) {
  return productRequest<ApplicantDocuments>({
    method: 'GET',
    path: documentPaths.list(enc(target.applicationIdentifier)),
    query: { applicantIdentifier: target.applicantIdentifier },
    ...call,
  });
}

/** POST a new file of one document type for the applicant. */
export function uploadDocument(target: DocumentTarget, documentType: string, file: File, options?: SendFileOptions) {
  return sendFile<DocumentFile>(
    'POST',
    documentPaths.list(enc(target.applicationIdentifier)),
    { applicantIdentifier: target.applicantIdentifier, documentType },
    file,
    options,
  );
}

/** PUT a file in place of one given earlier (same document type, same applicant). */
export function replaceDocument(
  applicationIdentifier: string,
  documentIdentifier: string,
  file: File,
  options?: SendFileOptions,
) {
  return sendFile<DocumentFile>(
    'PUT',
    documentPaths.one(enc(applicationIdentifier), enc(documentIdentifier)),
    undefined,
    file,
    options,
  );
}

/** POST reuse: gives a file uploaded for another applicant of the application to this one, without sending it again. */
export function reuseDocument(
  target: DocumentTarget,
  documentIdentifier: string,
  documentType: string,
  call: CallOptions = {},
) {
  return productRequest<DocumentFile>({
    method: 'POST',
    path: documentPaths.reuse(enc(target.applicationIdentifier), enc(documentIdentifier)),
    body: { applicantIdentifier: target.applicantIdentifier, documentType },
    ...call,
  });
}

/** DELETE one file. The API answers 204 No Content, which is this call's success. */
export async function removeDocument(
  applicationIdentifier: string,
  documentIdentifier: string,
  call: CallOptions = {},
) {
  const result = await productRequest<undefined>({
    method: 'DELETE',
    path: documentPaths.one(enc(applicationIdentifier), enc(documentIdentifier)),
    ...call,
  });
  return result.status === 204 ? { success: true, status: 204 } : result;
}

/** POST complete: the applicant has given every required document; answers their next step. */
export function completeDocuments(target: DocumentTarget, call: CallOptions = {}) {
  return productRequest<DocumentsCompleted>({
    method: 'POST',
    path: documentPaths.complete(enc(target.applicationIdentifier)),
    body: { applicantIdentifier: target.applicantIdentifier },
    ...call,
  });
}

/** One applicant's documents (the query a page's loader and its hook share). */
export const applicantDocumentsQuery = (target: DocumentTarget, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.documents.applicant(target.applicationIdentifier, target.applicantIdentifier),
    queryFn: async ({ signal }) => unwrap(await loadDocuments(target, { signal, scope })),
  });

/** One applicant's documents; disabled until both identifiers are known. */
export function useApplicantDocuments(target: DocumentTarget) {
  return useQuery({
    ...applicantDocumentsQuery(target, useRequestScope()),
    enabled: Boolean(target.applicationIdentifier && target.applicantIdentifier),
  });
}

/** What an upload sends: a new file of a type, or (with `replaces`) a file in place of one given earlier. */
export interface UploadRequest {
  documentType: string;
  file: File;
  replaces?: string;
  onProgress?(progress: UploadProgress): void;
}

/**
 * The changes to one applicant's documents (upload, replace, reuse, remove, complete). Each refreshes the
 * applicant's documents before it resolves, so the page shows the new list as soon as the call has finished;
 * every failure is left to the page, which shows it at the document it concerns.
 */
export function useDocumentChanges(target: DocumentTarget) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: queryKeys.documents.applicant(target.applicationIdentifier, target.applicantIdentifier),
    });
  // Every change carries the applicant's key, so a page can tell whether any is still under way (useIsMutating).
  const mutationKey = queryKeys.documents.applicant(target.applicationIdentifier, target.applicantIdentifier);
  const upload = useMutation({
    mutationKey,
    mutationFn: async ({ documentType, file, replaces, onProgress }: UploadRequest) =>
      unwrap(
        replaces
          ? await replaceDocument(target.applicationIdentifier, replaces, file, { onProgress })
          : await uploadDocument(target, documentType, file, { onProgress }),
      ),
    onSuccess: refresh,
    throwOnError: false,
  });
  const reuse = useMutation({
    mutationKey,
    mutationFn: async ({ documentIdentifier, documentType }: { documentIdentifier: string; documentType: string }) =>
      unwrap(await reuseDocument(target, documentIdentifier, documentType)),
    onSuccess: refresh,
    throwOnError: false,
  });
  const remove = useMutation({
    mutationKey,
    mutationFn: async (documentIdentifier: string) =>
      unwrap(await removeDocument(target.applicationIdentifier, documentIdentifier)),
    onSuccess: refresh,
    throwOnError: false,
  });
  const complete = useMutation({
    mutationFn: async () => unwrap(await completeDocuments(target)),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
      ]),
    throwOnError: false,
  });
  return { upload, reuse, remove, complete };
}
