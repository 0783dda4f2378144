import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, type Caller } from '../applications/testing/client';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import { strayFile } from '../storage/testing/stray-file';
import { buildTestApp, databases } from '../testing/harness';
import { ORPHAN_MIN_AGE_MS, PHOTOS_FOLDER, removeOrphanedPhotos, type PhotoLog } from './photo-objects';
import { act, applicantOf, capturePhotos, startSession, upload } from './testing/capture-client';
import * as images from './testing/test-images';

/** Every file under `folder` (objects and anything else, such as temporary files), relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A logger that keeps what it is told. */
function recordingLog() {
  const entries: { level: 'info' | 'error'; fields: Record<string, unknown>; msg: string }[] = [];
  const log = {
    info: (fields: Record<string, unknown>, msg: string) => entries.push({ level: 'info', fields, msg }),
    error: (fields: Record<string, unknown>, msg: string) => entries.push({ level: 'error', fields, msg }),
  } as unknown as PhotoLog;
  return { log, entries };
}

describe.each(databases())('photo files on %s', (kind) => {
  let app: FastifyInstance;
  let dataDir: string;
  let storage: LocalDiskStorage;
  let photosDir: string;
  let ana: Caller;
  let selfie: Buffer;
  let passport: Buffer;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'eta-photo-objects-'));
    app = await buildTestApp({
      db: kind,
      dataDir,
      logLevel: 'error',
      logStream: { write: (line) => logged.push(line) },
    });
    storage = new LocalDiskStorage(path.join(dataDir, 'objects'));
    photosDir = path.join(storage.root, PHOTOS_FOLDER);
    ana = await signIn(app);
    selfie = await images.validSelfie();
    passport = await images.validPassportPage();
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });

  const fileOf = (key: string) => path.relative(photosDir, storage.fileOf(key));
  const errorsLogged = () => logged.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);

  /** A fresh applicant of Ana with an open session at the selfie, taken on this device. */
  const atSelfie = async () => {
    const ids = await applicantOf(app, ana);
    const identifier = await startSession(app, ana, ids);
    await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner: ana });
    return { ...ids, identifier };
  };

  describe('a retaken photo', () => {
    it('replaces the stored file: the old one is deleted, the other photo stays', async () => {
      const ids = await applicantOf(app, ana);
      const first = await capturePhotos(app, ana, ids, { selfie, passport });
      const second = await capturePhotos(app, ana, ids, { selfie: await images.validSelfie(900, 1200), passport });
      expect(second.selfieKey).not.toBe(first.selfieKey);
      expect(second.passportKey).not.toBe(first.passportKey);
      const files = await filesUnder(photosDir);
      expect(files).toEqual(expect.arrayContaining([fileOf(second.selfieKey), fileOf(second.passportKey)]));
      expect(files).not.toContain(fileOf(first.selfieKey));
      expect(files).not.toContain(fileOf(first.passportKey));
    });

    it('is still accepted when the old file cannot be deleted; the key is logged', async () => {
      const ids = await applicantOf(app, ana);
      const first = await capturePhotos(app, ana, ids, { selfie, passport });
      vi.spyOn(LocalDiskStorage.prototype, 'delete').mockRejectedValue(new Error('EIO: i/o error, unlink'));
      const identifier = await startSession(app, ana, ids);
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner: ana });
      const retaken = await upload(app, identifier, 'biometrics', selfie, { owner: ana });
      expect(retaken.statusCode).toBe(200);
      expect(retaken.json().status).toBe('BIO_CAPTURE_COMPLETE');
      const row = await app.db
        .selectFrom('applicant_photos')
        .select('storage_key')
        .where('applicant_id', '=', ids.applicantId)
        .where('photo_type', '=', 'SELFIE')
        .executeTakeFirstOrThrow();
      expect(row.storage_key).not.toBe(first.selfieKey);
      expect(errorsLogged()).toEqual([
        expect.objectContaining({ key: first.selfieKey, msg: 'photo file could not be deleted' }),
      ]);
      // Still on disk, unreferenced: the orphan sweep's to remove.
      expect(await storage.get(first.selfieKey)).toBeDefined();
    });
  });

  describe('a photo that is not accepted', () => {
    it('leaves no file behind when it is rejected by the checks', async () => {
      const { identifier } = await atSelfie();
      const before = await filesUnder(photosDir);
      for (const image of [
        Buffer.from('not a picture at all'),
        await images.darkened(selfie),
        await images.faceless(),
      ]) {
        expect((await upload(app, identifier, 'biometrics', image, { owner: ana })).statusCode).toBe(422);
      }
      expect(await filesUnder(photosDir)).toEqual(before);
    });

    it('leaves no file behind when the passport is no longer eligible', async () => {
      const { identifier, applicantId } = await atSelfie();
      expect((await upload(app, identifier, 'biometrics', selfie, { owner: ana })).statusCode).toBe(200);
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { owner: ana });
      await app.db.updateTable('applicants').set({ passport_country: 'ZA' }).where('id', '=', applicantId).execute();
      const before = await filesUnder(photosDir);
      expect((await upload(app, identifier, 'passport', passport, { owner: ana })).statusCode).toBe(409);
      expect(await filesUnder(photosDir)).toEqual(before);
    });

    it('deletes the file it had stored when the session moved on meanwhile', async () => {
      const { identifier, applicantId } = await atSelfie();
      const before = await filesUnder(photosDir);
      const realPut = LocalDiskStorage.prototype.put;
      let stored: string | undefined;
      vi.spyOn(LocalDiskStorage.prototype, 'put').mockImplementation(async function (
        this: LocalDiskStorage,
        key: string,
        data: Buffer,
        type?: string,
      ) {
        await realPut.call(this, key, data, type);
        stored = key;
        // While the photo was being written, the owner asked for the phone instead.
        await act(app, identifier, { action: 'REQUEST_PHONE_LINK' }, { owner: ana });
      });
      const response = await upload(app, identifier, 'biometrics', selfie, { owner: ana });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('INVALID_TRANSITION');
      expect(stored).toBeDefined();
      expect(await storage.get(stored as string)).toBeUndefined();
      expect(await filesUnder(photosDir)).toEqual(before);
      expect(
        await app.db
          .selectFrom('applicant_photos')
          .select('photo_type')
          .where('applicant_id', '=', applicantId)
          .execute(),
      ).toEqual([]);
    });
  });

  describe('removeOrphanedPhotos', () => {
    const now = new Date('2031-03-01T12:00:00.000Z');
    const age = async (key: string, milliseconds: number) => {
      const at = new Date(now.getTime() - milliseconds);
      await utimes(storage.fileOf(key), at, at);
    };
    const orphan = (milliseconds: number, folder = PHOTOS_FOLDER) =>
      strayFile(storage, folder, new Date(now.getTime() - milliseconds));
    /** Every photo file is made young first, so that files of other tests play no part. */
    const rejuvenateAll = async () => {
      for await (const object of storage.list(PHOTOS_FOLDER)) await age(object.key, 0);
    };

    it('deletes only photo files no row references that were stored more than an hour ago', async () => {
      await rejuvenateAll();
      const ids = await applicantOf(app, ana);
      const kept = await capturePhotos(app, ana, ids, { selfie, passport });
      await age(kept.selfieKey, 3 * ORPHAN_MIN_AGE_MS);
      await age(kept.passportKey, ORPHAN_MIN_AGE_MS + 1);
      const old = await orphan(2 * ORPHAN_MIN_AGE_MS);
      const justOld = await orphan(ORPHAN_MIN_AGE_MS);
      // Stored moments ago: its row may not be committed yet.
      const young = await orphan(ORPHAN_MIN_AGE_MS - 60_000);
      const fresh = await orphan(0);
      // Not a photo: other folders belong to other tables.
      const document = await orphan(5 * ORPHAN_MIN_AGE_MS, 'documents');

      const { log, entries } = recordingLog();
      const result = await removeOrphanedPhotos(app.db, storage, log, { now });
      expect(result).toEqual({ examined: 4, removed: 2, failed: 0 });
      for (const key of [old, justOld]) expect(await storage.get(key)).toBeUndefined();
      for (const key of [kept.selfieKey, kept.passportKey, young, fresh, document])
        expect(await storage.get(key)).toBeDefined();
      expect(entries).toEqual([
        { level: 'info', fields: { examined: 4, removed: 2, failed: 0 }, msg: 'orphaned photo files removed' },
      ]);
      // The photos are still served.
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/eta/applicants/${ids.applicantId}/photos/SELFIE`,
            headers: { authorization: `Bearer ${ana.token}` },
          })
        ).statusCode,
      ).toBe(200);

      // Nothing left to do: a second sweep removes nothing and says nothing.
      const again = recordingLog();
      expect(await removeOrphanedPhotos(app.db, storage, again.log, { now })).toEqual({
        examined: 2,
        removed: 0,
        failed: 0,
      });
      expect(again.entries).toEqual([]);
    });

    it('takes the age it is given, and catches the files of a deleted application whose deletion failed', async () => {
      await rejuvenateAll();
      const ids = await applicantOf(app, ana);
      const photos = await capturePhotos(app, ana, ids, { selfie, passport });
      vi.spyOn(LocalDiskStorage.prototype, 'delete')
        .mockRejectedValueOnce(new Error('EIO'))
        .mockRejectedValueOnce(new Error('EIO'));
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/eta/applications/${ids.applicationId}`,
        headers: { authorization: `Bearer ${ana.token}` },
      });
      expect(deleted.statusCode).toBe(200);
      vi.restoreAllMocks();
      for (const key of [photos.selfieKey, photos.passportKey]) expect(await storage.get(key)).toBeDefined();

      const { log } = recordingLog();
      expect(await removeOrphanedPhotos(app.db, storage, log, { now: new Date(), minAgeMs: 0 })).toMatchObject({
        removed: 2,
        failed: 0,
      });
      for (const key of [photos.selfieKey, photos.passportKey]) expect(await storage.get(key)).toBeUndefined();
    });

    it('logs each file it cannot delete and goes on with the others', async () => {
      await rejuvenateAll();
      const stuck = await orphan(2 * ORPHAN_MIN_AGE_MS);
      const other = await orphan(2 * ORPHAN_MIN_AGE_MS);
      const realDelete = LocalDiskStorage.prototype.delete;
      vi.spyOn(LocalDiskStorage.prototype, 'delete').mockImplementation(async function (
        this: LocalDiskStorage,
        key: string,
      ) {
        if (key === stuck) throw new Error('EACCES: permission denied');
        return realDelete.call(this, key);
      });
      const { log, entries } = recordingLog();
      expect(await removeOrphanedPhotos(app.db, storage, log, { now })).toEqual({ examined: 2, removed: 1, failed: 1 });
      expect(await storage.get(stuck)).toBeDefined();
      expect(await storage.get(other)).toBeUndefined();
      expect(entries.filter((e) => e.level === 'error')).toEqual([
        { level: 'error', fields: { err: expect.any(Error), key: stuck }, msg: 'photo file could not be deleted' },
      ]);
      vi.restoreAllMocks();
      await storage.delete(stuck);
    });

    it('checks many files in batches against the table', async () => {
      await rejuvenateAll();
      const ids = await applicantOf(app, ana);
      const kept = await capturePhotos(app, ana, ids, { selfie, passport });
      const orphans: string[] = [];
      for (let i = 0; i < 1100; i += 1) orphans.push(await orphan(2 * ORPHAN_MIN_AGE_MS));
      await age(kept.selfieKey, 2 * ORPHAN_MIN_AGE_MS);
      await age(kept.passportKey, 2 * ORPHAN_MIN_AGE_MS);
      const { log } = recordingLog();
      expect(await removeOrphanedPhotos(app.db, storage, log, { now })).toEqual({
        examined: 1102,
        removed: 1100,
        failed: 0,
      });
      expect(await storage.get(kept.selfieKey)).toBeDefined();
      expect(await storage.get(kept.passportKey)).toBeDefined();
      const left = new Set<string>();
      for await (const object of storage.list(PHOTOS_FOLDER)) left.add(object.key);
      expect(orphans.filter((key) => left.has(key))).toEqual([]);
    });
  });
});
