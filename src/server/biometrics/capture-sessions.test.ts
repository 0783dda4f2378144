import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSession as signInAgain } from '../accounts/tokens';
import { signIn, type Caller } from '../applications/testing/client';
import { loadConfig } from '../config';
import { createStorage } from '../storage/storage';
import { buildTestApp, databases } from '../testing/harness';
import {
  CAPTURE_ACTIONS,
  CAPTURE_DEVICE_COOKIE,
  CAPTURE_STATUSES,
  type CaptureAction,
  type CaptureStatus,
} from '../../shared/contract';
import { CAPTURE_TRANSITIONS } from './capture-flow';
import { CAPTURE_STATUS_PREFIX } from './routes';
import {
  act,
  applicantOf,
  createSession,
  forceStatus,
  getStatus,
  linkPhone,
  sessionRow,
  startSession,
  upload,
  type As,
} from './testing/capture-client';
import * as images from './testing/test-images';

const defaults = loadConfig({}).capture;
/** A body that is not a picture: an allowed upload answers 422 IMAGE_TYPE_NOT_ALLOWED without decoding anything. */
const NOT_A_PICTURE = Buffer.from('not a picture at all').toString('base64');

/**
 * Every allowed move, written out by hand from the capture statuses (CAPTURE_STATUSES) and the actions that move a
 * session between them (the table in capture-flow.ts must say exactly this). "owner" is the signed-in account,
 * "device" the linked phone.
 */
const EXPECTED_MOVES = [
  'BIO_LINKING_PHONE LINK_PHONE -> BIO_PHONE_LINKED [owner device]',
  'BIO_PHONE_LINKED LINK_PHONE -> BIO_PHONE_LINKED [owner device]',
  'PASSPORT_LINKING_PHONE LINK_PHONE -> PASSPORT_PHONE_LINKED [owner device]',
  'PASSPORT_PHONE_LINKED LINK_PHONE -> PASSPORT_PHONE_LINKED [owner device]',
  'BIO_CAPTURE_STARTED REQUEST_PHONE_LINK -> BIO_LINKING_PHONE [owner]',
  'BIO_CAPTURE_COMPLETE REQUEST_PHONE_LINK -> PASSPORT_LINKING_PHONE [owner]',
  'PASSPORT_CAPTURE_STARTED REQUEST_PHONE_LINK -> PASSPORT_LINKING_PHONE [owner]',
  'BIO_LINKING_PHONE START_CAPTURE:biometrics -> BIO_CAPTURE_STARTED [owner device]',
  'BIO_PHONE_LINKED START_CAPTURE:biometrics -> BIO_CAPTURE_STARTED [owner device]',
  'BIO_CAPTURE_STARTED START_CAPTURE:biometrics -> BIO_CAPTURE_STARTED [owner device]',
  'BIO_CAPTURE_COMPLETE START_CAPTURE:passport -> PASSPORT_CAPTURE_STARTED [owner device]',
  'PASSPORT_LINKING_PHONE START_CAPTURE:passport -> PASSPORT_CAPTURE_STARTED [owner device]',
  'PASSPORT_PHONE_LINKED START_CAPTURE:passport -> PASSPORT_CAPTURE_STARTED [owner device]',
  'PASSPORT_CAPTURE_STARTED START_CAPTURE:passport -> PASSPORT_CAPTURE_STARTED [owner device]',
  'BIO_CAPTURE_STARTED UPLOAD_IMAGE:biometrics -> BIO_CAPTURE_COMPLETE [owner device]',
  'PASSPORT_CAPTURE_STARTED UPLOAD_IMAGE:passport -> PASSPORT_CAPTURE_COMPLETE [owner device]',
].sort();

const REQUESTS: { action: CaptureAction; captureType?: 'biometrics' | 'passport' }[] = [
  { action: 'LINK_PHONE' },
  { action: 'REQUEST_PHONE_LINK' },
  { action: 'START_CAPTURE', captureType: 'biometrics' },
  { action: 'START_CAPTURE', captureType: 'passport' },
  { action: 'UPLOAD_IMAGE', captureType: 'biometrics' },
  { action: 'UPLOAD_IMAGE', captureType: 'passport' },
];

describe('the transition table', () => {
  it('is exactly the moves the flow allows', () => {
    const table = CAPTURE_TRANSITIONS.flatMap((t) =>
      t.from.map(
        (from) =>
          `${from} ${t.action}${t.captureType ? `:${t.captureType}` : ''} -> ${t.to} [${[...t.actors].join(' ')}]`,
      ),
    ).sort();
    expect(table).toEqual(EXPECTED_MOVES);
    expect(new Set(CAPTURE_TRANSITIONS.map((t) => t.action))).toEqual(new Set(CAPTURE_ACTIONS));
  });
});

describe.each(databases())('capture sessions on %s', (kind) => {
  let app: FastifyInstance;
  let dataDir: string;
  let ana: Caller;
  let bob: Caller;
  let selfie: Buffer;
  let passport: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'eta-capture-'));
    app = await buildTestApp({ db: kind, dataDir });
    ana = await signIn(app);
    bob = await signIn(app);
    selfie = await images.validSelfie();
    passport = await images.validPassportPage();
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const newSession = async (owner: Caller = ana, overrides: Record<string, unknown> = {}) => {
    const ids = await applicantOf(app, owner, overrides);
    return { ...ids, identifier: await startSession(app, owner, ids) };
  };

  describe('starting a session', () => {
    it('answers 201 with a random identifier, the first status and the expiry, and stores only a hash', async () => {
      const ids = await applicantOf(app, ana);
      const before = Date.now();
      const response = await createSession(app, ana, {
        applicationIdentifier: ids.applicationId,
        applicantIdentifier: ids.applicantId,
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'sessionIdentifier', 'status']);
      expect(body.sessionIdentifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(body.sessionIdentifier, 'base64url')).toHaveLength(32);
      expect(body.status).toBe('BIO_LINKING_PHONE');
      const ttl = Date.parse(body.expiresAt) - before;
      expect(ttl).toBeGreaterThanOrEqual(defaults.sessionTtlSeconds * 1000 - 50);
      expect(ttl).toBeLessThanOrEqual(defaults.sessionTtlSeconds * 1000 + 5000);
      const row = await sessionRow(app, body.sessionIdentifier);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(body.sessionIdentifier);
      const again = await startSession(app, ana, ids);
      expect(again).not.toBe(body.sessionIdentifier);
    });

    it('is only for a signed-in owner of the applicant: another account or a mismatched pair answers 404', async () => {
      const ids = await applicantOf(app, ana);
      const other = await applicantOf(app, ana);
      const body = { applicationIdentifier: ids.applicationId, applicantIdentifier: ids.applicantId };
      expect((await createSession(app, undefined, body)).statusCode).toBe(401);
      const foreign = await createSession(app, bob, body);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'APPLICANT_NOT_FOUND' });
      const mismatched = await createSession(app, ana, {
        applicationIdentifier: other.applicationId,
        applicantIdentifier: ids.applicantId,
      });
      expect(mismatched.statusCode).toBe(404);
      expect(
        await app.db.selectFrom('capture_sessions').select('id').where('applicant_id', '=', ids.applicantId).execute(),
      ).toEqual([]);
    });

    it('refuses a body that does not follow api/biometrics-session', async () => {
      const response = await createSession(app, ana, { applicationIdentifier: 'x', extra: true }, 'fr');
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.fields.map((f: { field: string; key: string }) => `${f.field} ${f.key}`).sort()).toEqual([
        'applicantIdentifier capture:validation.applicantIdentifier',
        'applicationIdentifier capture:validation.applicationIdentifier',
        'extra validation:generic.unknownField',
      ]);
      expect(body.fields.find((f: { field: string }) => f.field === 'applicantIdentifier').message).toBe(
        "Indiquez l'identifiant d'un demandeur de cette demande",
      );
    });

    it('is refused once the application is no longer in progress', async () => {
      const ids = await applicantOf(app, ana);
      await app.db
        .updateTable('applications')
        .set({ status: 'SUBMITTED' })
        .where('id', '=', ids.applicationId)
        .execute();
      const response = await createSession(app, ana, {
        applicationIdentifier: ids.applicationId,
        applicantIdentifier: ids.applicantId,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CAPTURE_NOT_AVAILABLE' });
    });
  });

  describe('the status', () => {
    it('tells where the capture stands and nothing about the person, to the owner and to the link holder', async () => {
      const { identifier, applicantId, applicationId } = await newSession(ana, {
        givenNames: 'Zénobie',
        familyName: 'Quartermaine',
        passportNumber: 'QX9911223',
      });
      for (const as of [{ owner: ana }, {}] as As[]) {
        const response = await getStatus(app, identifier, as);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        const body = response.json();
        expect(body).toEqual({
          status: 'BIO_LINKING_PHONE',
          captureType: 'biometrics',
          attemptsLeft: defaults.maxAttempts,
          expiresAt: expect.any(String),
        });
        for (const secret of ['Zénobie', 'Quartermaine', 'QX9911223', applicantId, applicationId, ana.profileId, 'FR'])
          expect(response.body).not.toContain(secret);
      }
    });

    it('answers 404 for an identifier that does not exist or is malformed', async () => {
      for (const identifier of [randomBytes(32).toString('base64url'), 'short', `${'a'.repeat(42)}!`]) {
        const response = await getStatus(app, encodeURIComponent(identifier));
        expect(response.statusCode, identifier).toBe(404);
        expect(response.json().code).toBe('CAPTURE_SESSION_NOT_FOUND');
        expect((await act(app, encodeURIComponent(identifier), { action: 'LINK_PHONE' })).statusCode).toBe(404);
      }
    });
  });

  describe('every move, allowed and refused', () => {
    const expectedTo = (status: CaptureStatus, request: (typeof REQUESTS)[number], actor: 'owner' | 'device') => {
      const key = `${status} ${request.action}${request.captureType ? `:${request.captureType}` : ''} -> `;
      const line = EXPECTED_MOVES.find((m) => m.startsWith(key));
      if (!line) return { allowed: false as const, code: 'INVALID_TRANSITION' };
      if (!line.includes(actor)) return { allowed: false as const, code: 'CAPTURE_ACTION_NOT_ALLOWED' };
      return { allowed: true as const, to: line.split(' -> ')[1].split(' ')[0] };
    };

    it.each(['owner', 'device'] as const)('as the %s, from every status', async (actor) => {
      const { identifier } = await newSession();
      const device = randomBytes(32).toString('base64url');
      const as: As = actor === 'owner' ? { owner: ana } : { device };
      let checked = 0;
      for (const status of CAPTURE_STATUSES) {
        for (const request of REQUESTS) {
          await forceStatus(app, identifier, status, actor === 'device' ? device : undefined);
          const body = request.action === 'UPLOAD_IMAGE' ? { ...request, image: NOT_A_PICTURE } : request;
          const response = await act(app, identifier, body, as);
          const expected = expectedTo(status, request, actor);
          const label = `${status} ${JSON.stringify(request)}`;
          if (!expected.allowed) {
            expect(response.statusCode, label).toBe(409);
            expect(response.json().code, label).toBe(expected.code);
            expect((await sessionRow(app, identifier)).status, label).toBe(status);
          } else if (request.action === 'UPLOAD_IMAGE') {
            // Allowed, and the photo was looked at: this one is not a picture, so the status stays.
            expect(response.statusCode, label).toBe(422);
            expect(response.json(), label).toMatchObject({
              code: 'IMAGE_TYPE_NOT_ALLOWED',
              status,
              attemptsLeft: defaults.maxAttempts - 1,
            });
          } else {
            expect(response.statusCode, label).toBe(200);
            expect(response.json().status, label).toBe(expected.to);
            expect((await sessionRow(app, identifier)).status, label).toBe(expected.to);
          }
          checked += 1;
        }
      }
      expect(checked).toBe(CAPTURE_STATUSES.length * REQUESTS.length);
    });

    it('explains a refused move with the current step in the caller’s language', async () => {
      const { identifier } = await newSession();
      const response = await act(
        app,
        identifier,
        { action: 'START_CAPTURE', captureType: 'passport' },
        { owner: ana, lang: 'fr' },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'INVALID_TRANSITION',
        error:
          "Cette étape n'est pas possible maintenant : les photos en sont à l'étape « En attente d'un téléphone ou de cet appareil ».",
      });
    });

    it('refuses a body that does not follow api/capture-session-action', async () => {
      const { identifier } = await newSession();
      for (const [body, field] of [
        [{ action: 'START_CAPTURE' }, 'captureType'],
        [{ action: 'DANCE' }, 'action'],
        [{ action: 'UPLOAD_IMAGE', captureType: 'biometrics', image: 'not base64 !' }, 'image'],
      ] as const) {
        const response = await act(app, identifier, body, { owner: ana });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      expect((await sessionRow(app, identifier)).failed_attempts).toBe(0);
    });
  });

  describe('the ways through', () => {
    it('on a linked phone: selfie, then passport page; the step is completed and the photos kept for the owner only', async () => {
      const { identifier, applicantId } = await newSession();
      const linked = await act(app, identifier, { action: 'LINK_PHONE' });
      expect(linked.statusCode).toBe(200);
      const device = linked.json().deviceToken as string;
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(linked.json().status).toBe('BIO_PHONE_LINKED');
      expect((await sessionRow(app, identifier)).device_hash).not.toContain(device);
      // The token is handed out once: linking again from the same phone keeps it.
      const relinked = await act(app, identifier, { action: 'LINK_PHONE' }, { device });
      expect(relinked.json()).not.toHaveProperty('deviceToken');

      const steps: [Record<string, unknown>, CaptureStatus][] = [
        [{ action: 'START_CAPTURE', captureType: 'biometrics' }, 'BIO_CAPTURE_STARTED'],
        [
          { action: 'UPLOAD_IMAGE', captureType: 'biometrics', image: selfie.toString('base64') },
          'BIO_CAPTURE_COMPLETE',
        ],
        [{ action: 'START_CAPTURE', captureType: 'passport' }, 'PASSPORT_CAPTURE_STARTED'],
        [
          {
            action: 'UPLOAD_IMAGE',
            captureType: 'passport',
            image: `data:image/jpeg;base64,${passport.toString('base64')}`,
          },
          'PASSPORT_CAPTURE_COMPLETE',
        ],
      ];
      for (const [body, status] of steps) {
        const response = await act(app, identifier, body, { device });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ status, attemptsLeft: defaults.maxAttempts });
        // The desktop follows along.
        expect((await getStatus(app, identifier, { owner: ana })).json().status).toBe(status);
      }
      const applicant = await app.db
        .selectFrom('applicants')
        .select('current_step')
        .where('id', '=', applicantId)
        .executeTakeFirstOrThrow();
      expect(applicant.current_step).toBe('APPLICATION_FORM');

      for (const type of ['SELFIE', 'PASSPORT_PHOTO']) {
        const url = `/api/eta/applicants/${applicantId}/photos/${type}`;
        const own = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ana.token}` } });
        expect(own.statusCode).toBe(200);
        expect(own.headers['content-type']).toBe('image/jpeg');
        expect(own.headers['cache-control']).toBe('no-store');
        const meta = await sharp(own.rawPayload).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width).toBe(type === 'SELFIE' ? 720 : 1250);
        const foreign = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bob.token}` } });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().code).toBe('PHOTO_NOT_FOUND');
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
      const unknownType = await app.inject({
        method: 'GET',
        url: `/api/eta/applicants/${applicantId}/photos/FINGERPRINT`,
        headers: { authorization: `Bearer ${ana.token}` },
      });
      expect(unknownType.statusCode).toBe(404);

      // A finished session cannot be used again.
      const reuse = await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { device });
      expect(reuse.statusCode).toBe(409);
      expect(reuse.json().code).toBe('INVALID_TRANSITION');
    });

    it('on this device: the owner starts the camera at once, without any phone', async () => {
      const { identifier, applicantId } = await newSession();
      const owner = { owner: ana };
      expect(
        (await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, owner)).json().status,
      ).toBe('BIO_CAPTURE_STARTED');
      expect(
        (await upload(app, identifier, 'biometrics', await sharp(selfie).png().toBuffer(), owner)).json().status,
      ).toBe('BIO_CAPTURE_COMPLETE');
      expect(
        (await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, owner)).json().status,
      ).toBe('PASSPORT_CAPTURE_STARTED');
      const done = await upload(
        app,
        identifier,
        'passport',
        await images.passportPage(1250, 880, images.DEFAULT_PAGE_MRZ, 'webp'),
        owner,
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ status: 'PASSPORT_CAPTURE_COMPLETE', captureType: 'passport' });
      expect(
        (
          await app.db
            .selectFrom('applicants')
            .select('current_step')
            .where('id', '=', applicantId)
            .executeTakeFirstOrThrow()
        ).current_step,
      ).toBe('APPLICATION_FORM');
    });

    it('selfie here, passport page on a phone; retaking replaces the stored photo', async () => {
      const { identifier, applicantId } = await newSession();
      const owner = { owner: ana };
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, owner);
      await upload(app, identifier, 'biometrics', selfie, owner);
      expect((await act(app, identifier, { action: 'REQUEST_PHONE_LINK' }, owner)).json().status).toBe(
        'PASSPORT_LINKING_PHONE',
      );
      const device = await linkPhone(app, identifier);
      expect((await getStatus(app, identifier, { device })).json().status).toBe('PASSPORT_PHONE_LINKED');
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { device });
      expect((await upload(app, identifier, 'passport', passport, { device })).json().status).toBe(
        'PASSPORT_CAPTURE_COMPLETE',
      );

      const first = await app.db
        .selectFrom('applicant_photos')
        .selectAll()
        .where('applicant_id', '=', applicantId)
        .where('photo_type', '=', 'SELFIE')
        .executeTakeFirstOrThrow();
      const storage = createStorage({ dataDir });
      expect(await storage.get(first.storage_key)).toBeDefined();
      const retake = await startSession(app, ana, {
        applicationId: (
          await app.db
            .selectFrom('applicants')
            .select('application_id')
            .where('id', '=', applicantId)
            .executeTakeFirstOrThrow()
        ).application_id,
        applicantId,
      });
      await act(app, retake, { action: 'START_CAPTURE', captureType: 'biometrics' }, owner);
      expect((await upload(app, retake, 'biometrics', await images.validSelfie(900, 1200), owner)).statusCode).toBe(
        200,
      );
      const second = await app.db
        .selectFrom('applicant_photos')
        .selectAll()
        .where('applicant_id', '=', applicantId)
        .where('photo_type', '=', 'SELFIE')
        .executeTakeFirstOrThrow();
      expect(second.storage_key).not.toBe(first.storage_key);
      expect([second.width, second.height]).toEqual([900, 1200]);
      expect(await storage.get(first.storage_key)).toBeUndefined();
      expect(await storage.get(second.storage_key)).toBeDefined();
    });
  });

  describe('one phone only', () => {
    it('refuses a second device once a phone has linked, while the owner still follows', async () => {
      const { identifier } = await newSession();
      const first = await linkPhone(app, identifier);
      const intruder = randomBytes(32).toString('base64url');
      for (const as of [{}, { device: intruder }, { owner: bob }] as As[]) {
        const read = await getStatus(app, identifier, as);
        expect(read.statusCode).toBe(409);
        expect(read.json().code).toBe('CAPTURE_DEVICE_MISMATCH');
        const link = await act(app, identifier, { action: 'LINK_PHONE' }, as);
        expect(link.statusCode).toBe(409);
        expect(link.json().code).toBe('CAPTURE_DEVICE_MISMATCH');
        expect(link.json()).not.toHaveProperty('deviceToken');
      }
      expect((await getStatus(app, identifier, { device: first })).statusCode).toBe(200);
      expect((await getStatus(app, identifier, { owner: ana })).statusCode).toBe(200);
      expect(
        (await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { device: first }))
          .statusCode,
      ).toBe(200);
    });

    it('knows a phone linked without scripts by its cookie, only for the session the cookie names', async () => {
      const { identifier } = await newSession();
      const { identifier: other } = await newSession();
      const device = await linkPhone(app, identifier);
      await linkPhone(app, other);
      const withCookie = (value: string, method: 'GET' | 'POST' = 'GET') =>
        app.inject({
          method,
          url: `${CAPTURE_STATUS_PREFIX}/${identifier}`,
          headers: { cookie: `${CAPTURE_DEVICE_COOKIE}=${encodeURIComponent(value)}` },
          ...(method === 'POST' ? { payload: { action: 'START_CAPTURE', captureType: 'biometrics' } } : {}),
        });
      const read = await withCookie(`${identifier}.${device}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().status).toBe('BIO_PHONE_LINKED');
      const started = await withCookie(`${identifier}.${device}`, 'POST');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().status).toBe('BIO_CAPTURE_STARTED');
      // The token of this session under another session's name, a wrong token, or a value of another shape: no one.
      const intruder = randomBytes(32).toString('base64url');
      for (const value of [`${other}.${device}`, `${identifier}.${intruder}`, `${identifier}.${device}.x`, device]) {
        const refused = await withCookie(value);
        expect(refused.statusCode, value).toBe(409);
        expect(refused.json().code).toBe('CAPTURE_DEVICE_MISMATCH');
      }
    });

    it('asks a device to link before anything else, and keeps the desktop-only move for the owner', async () => {
      const { identifier } = await newSession();
      const early = await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('CAPTURE_DEVICE_NOT_LINKED');
      const device = await linkPhone(app, identifier);
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { device });
      const fromPhone = await act(app, identifier, { action: 'REQUEST_PHONE_LINK' }, { device });
      expect(fromPhone.statusCode).toBe(409);
      expect(fromPhone.json().code).toBe('CAPTURE_ACTION_NOT_ALLOWED');
    });
  });

  describe('lifetime', () => {
    it('expires after CAPTURE_SESSION_TTL_SECONDS, for reading and for moving', async () => {
      const start = new Date('2031-05-01T08:00:00.000Z');
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const owner = await signIn(app);
      const { identifier } = await newSession(owner);
      vi.setSystemTime(start.getTime() + defaults.sessionTtlSeconds * 1000 - 1000);
      expect((await getStatus(app, identifier)).statusCode).toBe(200);
      vi.setSystemTime(start.getTime() + defaults.sessionTtlSeconds * 1000);
      const read = await getStatus(app, identifier, { lang: 'fr' });
      expect(read.statusCode).toBe(410);
      expect(read.json()).toEqual({
        code: 'CAPTURE_SESSION_EXPIRED',
        error: 'Ce lien de photo a expiré. Recommencez les photos depuis votre demande.',
      });
      const moved = await act(app, identifier, { action: 'LINK_PHONE' });
      expect(moved.statusCode).toBe(410);
      expect(moved.json().code).toBe('CAPTURE_SESSION_EXPIRED');
    });

    it('stops an older identifier when a new session starts for the same applicant', async () => {
      const { identifier, applicationId, applicantId } = await newSession();
      const device = await linkPhone(app, identifier);
      const newer = await startSession(app, ana, { applicationId, applicantId });
      for (const response of [
        await getStatus(app, identifier, { device }),
        await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { device }),
      ]) {
        expect(response.statusCode).toBe(410);
        expect(response.json().code).toBe('CAPTURE_SESSION_REPLACED');
      }
      expect((await getStatus(app, newer)).json().status).toBe('BIO_LINKING_PHONE');
    });
  });

  describe('attempts', () => {
    it('counts rejected photos, explains each, and ends the session after CAPTURE_MAX_ATTEMPTS with a cool-down', async () => {
      const start = new Date('2031-06-01T08:00:00.000Z');
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const owner = await signIn(app);
      const { identifier, applicationId, applicantId } = await newSession(owner);
      const as = { owner, lang: 'fr' };
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, as);
      const faulty: [Buffer, string][] = [
        [await images.darkened(selfie), 'IMAGE_TOO_DARK'],
        [await images.overexposed(selfie), 'IMAGE_TOO_BRIGHT'],
        [await images.blurred(selfie), 'IMAGE_BLURRED'],
        [await images.shrunk(selfie, 400), 'IMAGE_TOO_SMALL'],
      ];
      for (const [index, [image, code]] of faulty.entries()) {
        const response = await upload(app, identifier, 'biometrics', image, as);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          code,
          errorCode: code,
          status: 'BIO_CAPTURE_STARTED',
          attemptsLeft: defaults.maxAttempts - index - 1,
        });
        expect(response.json().error).toMatch(/reprenez la photo/i);
        expect((await getStatus(app, identifier, as)).json()).toMatchObject({
          errorCode: code,
          attemptsLeft: defaults.maxAttempts - index - 1,
        });
      }
      // Starting the camera again clears the last reason but not the count.
      expect((await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, as)).json()).toEqual({
        status: 'BIO_CAPTURE_STARTED',
        captureType: 'biometrics',
        attemptsLeft: 1,
        expiresAt: expect.any(String),
      });
      const last = await upload(app, identifier, 'biometrics', await images.faceless(), as);
      expect(last.statusCode).toBe(422);
      const retryAfter = new Date(start.getTime() + defaults.retryCooldownSeconds * 1000).toISOString();
      expect(last.json()).toMatchObject({
        code: 'FACE_NOT_FOUND',
        status: 'CAPTURE_RETRIES_EXCEEDED',
        attemptsLeft: 0,
        retryAfter,
      });
      expect((await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, as)).json().code).toBe(
        'INVALID_TRANSITION',
      );

      const early = await createSession(app, owner, {
        applicationIdentifier: applicationId,
        applicantIdentifier: applicantId,
      });
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe(String(defaults.retryCooldownSeconds));
      expect(early.json()).toEqual({
        code: 'CAPTURE_COOLDOWN',
        error: `There were too many attempts to take the photos. You can start again in ${defaults.retryCooldownSeconds / 60} minutes.`,
      });
      vi.setSystemTime(start.getTime() + defaults.retryCooldownSeconds * 1000 + 1000);
      // The access token of the morning has expired by now.
      const again = {
        profileId: owner.profileId,
        token: (await signInAgain(app.db, app.config, owner.profileId, new Date())).accessToken,
      };
      const later = await createSession(app, again, {
        applicationIdentifier: applicationId,
        applicantIdentifier: applicantId,
      });
      expect(later.statusCode).toBe(201);
    });

    it('gives the passport page attempts of its own once the selfie is accepted', async () => {
      const { identifier } = await newSession();
      const as = { owner: ana };
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, as);
      await upload(app, identifier, 'biometrics', await images.darkened(selfie), as);
      expect((await upload(app, identifier, 'biometrics', selfie, as)).json()).toMatchObject({
        status: 'BIO_CAPTURE_COMPLETE',
        attemptsLeft: defaults.maxAttempts,
      });
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, as);
      const blurred = await upload(app, identifier, 'passport', await images.blurred(passport), as);
      expect(blurred.json()).toMatchObject({
        code: 'IMAGE_BLURRED',
        status: 'PASSPORT_CAPTURE_STARTED',
        attemptsLeft: defaults.maxAttempts - 1,
      });
      expect(blurred.json().error).toBe(
        'This photo is blurred. Hold the camera still, let it focus, and take the photo again.',
      );
    });
  });

  describe('eligibility of the passport', () => {
    /** Takes the selfie, then the passport page (its MRZ giving `passportNumber` when told). */
    const toPassportPage = async (identifier: string, passportNumber?: string) => {
      const as = { owner: ana };
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, as);
      await upload(app, identifier, 'biometrics', selfie, as);
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, as);
      const page = passportNumber
        ? await images.passportPage(1250, 880, { ...images.DEFAULT_PAGE_MRZ, documentNumber: passportNumber })
        : passport;
      return upload(app, identifier, 'passport', page, as);
    };

    /** Another application (of Bob) holding the same passport, in the given state. */
    const otherHolder = async (
      passportNumber: string,
      applicationStatus: 'SUBMITTED' | 'COMPLETE',
      applicantStatus: 'SUBMITTED' | 'APPROVED',
      validUntil: string | null,
    ) => {
      const ids = await applicantOf(app, bob, { passportNumber: `B${passportNumber}` });
      await app.db
        .updateTable('applications')
        .set({ status: applicationStatus })
        .where('id', '=', ids.applicationId)
        .execute();
      await app.db
        .updateTable('applicants')
        .set({ passport_number: passportNumber, status: applicantStatus, valid_until: validUntil })
        .where('id', '=', ids.applicantId)
        .execute();
    };

    it('ends the session as PASSPORT_COUNTRY_NOT_WHITELISTED when the country is no longer eligible', async () => {
      const { identifier, applicantId } = await newSession();
      await app.db.updateTable('applicants').set({ passport_country: 'ZA' }).where('id', '=', applicantId).execute();
      const response = await toPassportPage(identifier);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
        status: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
        errorCode: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
        captureType: 'passport',
      });
      expect(response.json().error).toMatch(/cannot apply for an electronic travel authorisation online/);
      expect(
        (
          await app.db
            .selectFrom('applicants')
            .select('current_step')
            .where('id', '=', applicantId)
            .executeTakeFirstOrThrow()
        ).current_step,
      ).toBe('CAPTURE_BIOMETRICS');
      const photos = await app.db
        .selectFrom('applicant_photos')
        .select('photo_type')
        .where('applicant_id', '=', applicantId)
        .execute();
      expect(photos.map((p) => p.photo_type)).toEqual(['SELFIE']);
      expect(
        (await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { owner: ana })).json().code,
      ).toBe('INVALID_TRANSITION');
    });

    it('ends the session as OPEN_APPLICATION_EXISTS when another submitted application holds the passport', async () => {
      const passportNumber = `OP${randomBytes(4).toString('hex').toUpperCase()}`;
      const { identifier } = await newSession(ana, { passportNumber });
      await otherHolder(passportNumber, 'SUBMITTED', 'SUBMITTED', null);
      const response = await toPassportPage(identifier);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'OPEN_APPLICATION_EXISTS', status: 'OPEN_APPLICATION_EXISTS' });
    });

    it('ends the session as ACTIVE_ETA_VISA_EXISTS when the passport holds a valid authorisation', async () => {
      const passportNumber = `AV${randomBytes(3).toString('hex').toUpperCase()}`;
      const { identifier } = await newSession(ana, { passportNumber });
      await otherHolder(passportNumber, 'COMPLETE', 'APPROVED', '2999-12-31');
      // Said only to whoever photographs that very passport (its MRZ giving the number).
      const response = await toPassportPage(identifier, passportNumber);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ACTIVE_ETA_VISA_EXISTS', status: 'ACTIVE_ETA_VISA_EXISTS' });
    });
  });
});
