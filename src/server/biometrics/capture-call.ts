import type { CaptureRefusal, CaptureSessionView } from '../../shared/contract';
import type { PhotoLog } from './photo-objects';

/** How a capture call is made: the language of the answers, and what proves who calls. */
export interface CaptureCaller {
  lang: string;
  log: PhotoLog;
  /** The bearer token, when the call carries one. */
  token?: string;
  /** The device token a linked phone sends back (header X-Capture-Device). */
  deviceToken?: string;
}

/** A move answers the session, or (a refused photo, a blocking outcome) an error body with the session. */
export type CaptureAnswer =
  { statusCode: 200; body: CaptureSessionView } | { statusCode: 409 | 422; body: CaptureRefusal };
