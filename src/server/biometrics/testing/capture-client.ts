import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addApplicant, createApplication, inLanguage, type Caller } from '../../applications/testing/client';
import type { CaptureStatus } from '../capture-flow';
import { BIOMETRICS_PREFIX, CAPTURE_STATUS_PREFIX, DEVICE_HEADER } from '../routes';

/** Helpers for the capture API tests: real calls through app.inject, as the desktop (owner) or as a phone. */

/** Who makes a call: the signed-in owner, a phone with its device token (or none yet), or both absent. */
export interface As {
  owner?: Caller;
  device?: string;
  lang?: string;
}

function headersOf(as: As): Record<string, string> {
  const headers: Record<string, string> = {};
  if (as.owner) headers.authorization = `Bearer ${as.owner.token}`;
  if (as.device) headers[DEVICE_HEADER] = as.device;
  if (as.lang) headers['accept-language'] = as.lang;
  return headers;
}

/** An application with one applicant (the account holder) for `owner`; answers both identifiers. */
export async function applicantOf(
  app: FastifyInstance,
  owner: Caller,
  overrides: Record<string, unknown> = {},
): Promise<{ applicationId: string; applicantId: string }> {
  const applicationId = await createApplication(app, owner);
  const applicantId = await addApplicant(app, owner, applicationId, overrides);
  return { applicationId, applicantId };
}

/** POST /api/eta/biometrics. */
export function createSession(
  app: FastifyInstance,
  owner: Caller | undefined,
  body: Record<string, unknown>,
  lang?: string,
): Promise<LightMyRequestResponse> {
  return inLanguage(app, owner, lang, () =>
    app.inject({ method: 'POST', url: BIOMETRICS_PREFIX, headers: headersOf({ owner, lang }), payload: body }),
  );
}

/** Starts a session for the applicant and answers its identifier. */
export async function startSession(
  app: FastifyInstance,
  owner: Caller,
  ids: { applicationId: string; applicantId: string },
): Promise<string> {
  const response = await createSession(app, owner, {
    applicationIdentifier: ids.applicationId,
    applicantIdentifier: ids.applicantId,
  });
  if (response.statusCode !== 201) throw new Error(`create session answered ${response.statusCode}: ${response.body}`);
  return response.json().sessionIdentifier;
}

/** GET capture-session-status. */
export function getStatus(app: FastifyInstance, identifier: string, as: As = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${CAPTURE_STATUS_PREFIX}/${identifier}`, headers: headersOf(as) });
}

/** POST capture-session-status with an action body. */
export function act(
  app: FastifyInstance,
  identifier: string,
  body: Record<string, unknown>,
  as: As = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${CAPTURE_STATUS_PREFIX}/${identifier}`,
    headers: headersOf(as),
    payload: body,
  });
}

/** UPLOAD_IMAGE of a photo. */
export function upload(
  app: FastifyInstance,
  identifier: string,
  captureType: 'biometrics' | 'passport',
  image: Buffer,
  as: As = {},
): Promise<LightMyRequestResponse> {
  return act(app, identifier, { action: 'UPLOAD_IMAGE', captureType, image: image.toString('base64') }, as);
}

/** Links a phone and answers its device token. */
export async function linkPhone(app: FastifyInstance, identifier: string): Promise<string> {
  const response = await act(app, identifier, { action: 'LINK_PHONE' });
  if (response.statusCode !== 200) throw new Error(`LINK_PHONE answered ${response.statusCode}: ${response.body}`);
  return response.json().deviceToken;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Puts a session straight into a status (and binds `device` when given), to test moves from there. */
export async function forceStatus(
  app: FastifyInstance,
  identifier: string,
  status: CaptureStatus,
  device?: string,
): Promise<void> {
  await app.db
    .updateTable('capture_sessions')
    .set({ status, device_hash: device ? sha256(device) : null, failed_attempts: 0, error_code: null })
    .where('token_hash', '=', sha256(identifier))
    .execute();
}

/** The stored row of a session. */
export function sessionRow(app: FastifyInstance, identifier: string) {
  return app.db
    .selectFrom('capture_sessions')
    .selectAll()
    .where('token_hash', '=', sha256(identifier))
    .executeTakeFirstOrThrow();
}

/**
 * Takes both photos of an applicant on this device through the real flow (new session, selfie, passport page)
 * and answers the storage keys of the accepted photos.
 */
export async function capturePhotos(
  app: FastifyInstance,
  owner: Caller,
  ids: { applicationId: string; applicantId: string },
  photos: { selfie: Buffer; passport: Buffer },
): Promise<{ selfieKey: string; passportKey: string }> {
  const identifier = await startSession(app, owner, ids);
  for (const [captureType, image] of [
    ['biometrics', photos.selfie],
    ['passport', photos.passport],
  ] as const) {
    const started = await act(app, identifier, { action: 'START_CAPTURE', captureType }, { owner });
    if (started.statusCode !== 200) throw new Error(`START_CAPTURE answered ${started.statusCode}: ${started.body}`);
    const uploaded = await upload(app, identifier, captureType, image, { owner });
    if (uploaded.statusCode !== 200) throw new Error(`UPLOAD_IMAGE answered ${uploaded.statusCode}: ${uploaded.body}`);
  }
  const rows = await app.db
    .selectFrom('applicant_photos')
    .select(['photo_type', 'storage_key'])
    .where('applicant_id', '=', ids.applicantId)
    .execute();
  const keyOf = (type: string) => {
    const row = rows.find((r) => r.photo_type === type);
    if (!row) throw new Error(`no ${type} stored for ${ids.applicantId}`);
    return row.storage_key;
  };
  return { selfieKey: keyOf('SELFIE'), passportKey: keyOf('PASSPORT_PHOTO') };
}
