import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom sends nothing and reports no upload progress): each request is kept so a
 * test can read what was sent, report upload progress and answer it.
 */
export class FakeXhr {
  /** Every request sent since `installFakeXhr`, oldest first. */
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in the multipart part `name`. */
  file(name = 'file'): File | undefined {
    return this.body instanceof FormData ? ((this.body.get(name) as File | null) ?? undefined) : undefined;
  }

  /** Reports that `loaded` of `total` bytes have been sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }

  /** Answers the request with a JSON body. */
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

/** Replaces XMLHttpRequest with FakeXhr for the test (undone by vi.unstubAllGlobals). */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
