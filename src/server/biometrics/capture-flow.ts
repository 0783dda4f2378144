import type { BlockingStatus, CaptureAction, CaptureStatus, CaptureType } from '../../shared/contract';

export type { BlockingStatus, CaptureAction, CaptureStatus };

/** The status a new session starts in: its link (QR code) may be opened on a phone, or this device may start. */
export const INITIAL_STATUS = 'BIO_LINKING_PHONE' satisfies CaptureStatus;

/**
 * Where a new session starts: at the passport page when the applicant's selfie is accepted but their passport
 * photo is not (the passport details changed, or an earlier session ended after the selfie), else at the selfie.
 * The passport's linking status, like the initial one, lets a phone link or this device start.
 */
export function startingStatus(photos: {
  selfie: boolean;
  passport: boolean;
}): typeof INITIAL_STATUS | 'PASSPORT_LINKING_PHONE' {
  return photos.selfie && !photos.passport ? 'PASSPORT_LINKING_PHONE' : INITIAL_STATUS;
}

/**
 * Who calls: `owner` = signed in as the account that started the session (desktop, or the applicant's own
 * phone signed in); `device` = the phone holding only the session identifier, once linked (device token).
 */
export type CaptureActor = 'owner' | 'device';

export interface CaptureTransition {
  action: CaptureAction;
  /** For START_CAPTURE and UPLOAD_IMAGE: which photo the call is about. */
  captureType?: CaptureType;
  from: readonly CaptureStatus[];
  to: CaptureStatus;
  actors: readonly CaptureActor[];
}

/**
 * Every allowed move; anything else is refused with 409 INVALID_TRANSITION. UPLOAD_IMAGE's `to` is where an
 * accepted photo leads; a rejected photo keeps the status (one attempt used), the last allowed attempt leads
 * to CAPTURE_RETRIES_EXCEEDED, and a passport whose eligibility no longer holds leads to the matching
 * blocking status (see UPLOAD_OUTCOMES). PASSPORT_CAPTURE_COMPLETE and the blocking statuses are final.
 *
 * Phone way:   BIO_LINKING_PHONE -LINK_PHONE-> BIO_PHONE_LINKED -START_CAPTURE-> BIO_CAPTURE_STARTED
 *              -UPLOAD_IMAGE-> BIO_CAPTURE_COMPLETE -START_CAPTURE(passport)-> PASSPORT_CAPTURE_STARTED
 *              -UPLOAD_IMAGE-> PASSPORT_CAPTURE_COMPLETE
 * This device: BIO_LINKING_PHONE -START_CAPTURE-> BIO_CAPTURE_STARTED -> ... as above.
 * Mixed:       BIO_CAPTURE_COMPLETE -REQUEST_PHONE_LINK-> PASSPORT_LINKING_PHONE -LINK_PHONE->
 *              PASSPORT_PHONE_LINKED -START_CAPTURE-> PASSPORT_CAPTURE_STARTED; a camera that fails on this
 *              device: *_CAPTURE_STARTED -REQUEST_PHONE_LINK-> *_LINKING_PHONE.
 * The self-moves (LINK_PHONE on a linked session, START_CAPTURE on a started one) make a reloaded page safe.
 */
export const CAPTURE_TRANSITIONS: readonly CaptureTransition[] = [
  {
    action: 'LINK_PHONE',
    from: ['BIO_LINKING_PHONE', 'BIO_PHONE_LINKED'],
    to: 'BIO_PHONE_LINKED',
    actors: ['owner', 'device'],
  },
  {
    action: 'LINK_PHONE',
    from: ['PASSPORT_LINKING_PHONE', 'PASSPORT_PHONE_LINKED'],
    to: 'PASSPORT_PHONE_LINKED',
    actors: ['owner', 'device'],
  },
  { action: 'REQUEST_PHONE_LINK', from: ['BIO_CAPTURE_STARTED'], to: 'BIO_LINKING_PHONE', actors: ['owner'] },
  {
    action: 'REQUEST_PHONE_LINK',
    from: ['BIO_CAPTURE_COMPLETE', 'PASSPORT_CAPTURE_STARTED'],
    to: 'PASSPORT_LINKING_PHONE',
    actors: ['owner'],
  },
  {
    action: 'START_CAPTURE',
    captureType: 'biometrics',
    from: ['BIO_LINKING_PHONE', 'BIO_PHONE_LINKED', 'BIO_CAPTURE_STARTED'],
    to: 'BIO_CAPTURE_STARTED',
    actors: ['owner', 'device'],
  },
  {
    action: 'START_CAPTURE',
    captureType: 'passport',
    from: ['BIO_CAPTURE_COMPLETE', 'PASSPORT_LINKING_PHONE', 'PASSPORT_PHONE_LINKED', 'PASSPORT_CAPTURE_STARTED'],
    to: 'PASSPORT_CAPTURE_STARTED',
    actors: ['owner', 'device'],
  },
  {
    action: 'UPLOAD_IMAGE',
    captureType: 'biometrics',
    from: ['BIO_CAPTURE_STARTED'],
    to: 'BIO_CAPTURE_COMPLETE',
    actors: ['owner', 'device'],
  },
  {
    action: 'UPLOAD_IMAGE',
    captureType: 'passport',
    from: ['PASSPORT_CAPTURE_STARTED'],
    to: 'PASSPORT_CAPTURE_COMPLETE',
    actors: ['owner', 'device'],
  },
];

/** Where a rejected or refused upload leads, besides staying where it is. */
export const UPLOAD_OUTCOMES = {
  attemptsExhausted: 'CAPTURE_RETRIES_EXCEEDED',
  ineligible: ['PASSPORT_COUNTRY_NOT_WHITELISTED', 'OPEN_APPLICATION_EXISTS', 'ACTIVE_ETA_VISA_EXISTS'],
} as const satisfies { attemptsExhausted: BlockingStatus; ineligible: readonly BlockingStatus[] };

export type TransitionCheck =
  | { ok: true; transition: CaptureTransition }
  /** INVALID_TRANSITION: not possible from this status (or for this photo). NOT_FOR_CALLER: possible, but not by this caller. */
  | { ok: false; reason: 'INVALID_TRANSITION' | 'NOT_FOR_CALLER' };

/** Looks `action` up in the table for a session in `status`. */
export function findTransition(
  status: CaptureStatus,
  action: CaptureAction,
  captureType: CaptureType | undefined,
  actor: CaptureActor,
): TransitionCheck {
  const transition = CAPTURE_TRANSITIONS.find(
    (t) =>
      t.action === action && t.from.includes(status) && (t.captureType === undefined || t.captureType === captureType),
  );
  if (!transition) return { ok: false, reason: 'INVALID_TRANSITION' };
  if (!transition.actors.includes(actor)) return { ok: false, reason: 'NOT_FOR_CALLER' };
  return { ok: true, transition };
}

/** The photo a status is about (the capture type stored with a final status otherwise). */
export function captureTypeOf(status: CaptureStatus): CaptureType | undefined {
  if (status.startsWith('BIO_')) return 'biometrics';
  if (status.startsWith('PASSPORT_') && status !== 'PASSPORT_COUNTRY_NOT_WHITELISTED') return 'passport';
  return undefined;
}
