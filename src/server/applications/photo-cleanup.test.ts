import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTOS_FOLDER } from '../biometrics/photo-objects';
import { capturePhotos } from '../biometrics/testing/capture-client';
import { startPhotoTestApp, type PhotoTestApp } from '../biometrics/testing/photo-app';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { databases } from '../testing/harness';
import { addApplicant, call, createApplication, signIn, type Caller } from './testing/client';

/** Every key stored in the photos folder. */
async function storedKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(PHOTOS_FOLDER)) keys.push(object.key);
  return keys.sort();
}

describe.each(databases())('photo files leave with their applicant on %s', (kind) => {
  let app: FastifyInstance;
  let fixture: PhotoTestApp;
  let storage: ObjectStorage;
  let ana: Caller;
  let bob: Caller;
  let photos: PhotoTestApp['photos'];
  let logged: string[];

  beforeAll(async () => {
    fixture = await startPhotoTestApp(kind, 'photo-cleanup');
    ({ app, storage, logged, photos } = fixture);
    ana = await signIn(app);
    bob = await signIn(app);
  });
  afterAll(() => fixture.close());
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });

  /** An application of `owner` with the account holder and a child, both photographed; answers every key. */
  const photographedFamily = async (owner: Caller = ana) => {
    const applicationId = await createApplication(app, owner);
    const holder = await addApplicant(app, owner, applicationId);
    const child = await addApplicant(app, owner, applicationId, {
      isAccountHolder: false,
      relationship: 'CHILD',
      givenNames: 'Léa',
    });
    const holderKeys = await capturePhotos(app, owner, { applicationId, applicantId: holder }, photos);
    const childKeys = await capturePhotos(app, owner, { applicationId, applicantId: child }, photos);
    return {
      applicationId,
      holder,
      child,
      holderKeys: [holderKeys.selfieKey, holderKeys.passportKey],
      childKeys: [childKeys.selfieKey, childKeys.passportKey],
    };
  };

  const photoRowsOf = (applicantIds: string[]) =>
    app.db.selectFrom('applicant_photos').select('storage_key').where('applicant_id', 'in', applicantIds).execute();

  it("deleting an application deletes the photo files of all its applicants, and nobody else's", async () => {
    const family = await photographedFamily();
    const other = await photographedFamily();
    const before = await storedKeys(storage);
    for (const key of [...family.holderKeys, ...family.childKeys, ...other.holderKeys]) expect(before).toContain(key);

    const response = await call(app, ana, 'DELETE', `/api/eta/applications/${family.applicationId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applicationIdentifier: family.applicationId, deleted: true });

    expect(await photoRowsOf([family.holder, family.child])).toEqual([]);
    const after = await storedKeys(storage);
    for (const key of [...family.holderKeys, ...family.childKeys]) {
      expect(after).not.toContain(key);
      expect(await storage.get(key)).toBeUndefined();
    }
    expect(after).toEqual(before.filter((key) => ![...family.holderKeys, ...family.childKeys].includes(key)));
    for (const key of [...other.holderKeys, ...other.childKeys]) expect(await storage.get(key)).toBeDefined();
    expect(logged).toEqual([]);
  });

  it("removing one applicant deletes only that applicant's photo files", async () => {
    const family = await photographedFamily();
    const response = await call(
      app,
      ana,
      'DELETE',
      `/api/eta/applications/${family.applicationId}/applicants/${family.child}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applicantIdentifier: family.child, deleted: true });

    expect(await photoRowsOf([family.child])).toEqual([]);
    for (const key of family.childKeys) expect(await storage.get(key)).toBeUndefined();
    expect((await photoRowsOf([family.holder])).map((row) => row.storage_key).sort()).toEqual(
      [...family.holderKeys].sort(),
    );
    for (const key of family.holderKeys) expect(await storage.get(key)).toBeDefined();
    // The remaining applicant's photos are still served to the owner.
    const served = await call(app, ana, 'GET', `/api/eta/applicants/${family.holder}/photos/SELFIE`);
    expect(served.statusCode).toBe(200);
  });

  it('keeps the files when the deletion is refused: another account, or an application no longer in progress', async () => {
    const family = await photographedFamily();
    expect((await call(app, bob, 'DELETE', `/api/eta/applications/${family.applicationId}`)).statusCode).toBe(404);
    expect(
      (await call(app, bob, 'DELETE', `/api/eta/applications/${family.applicationId}/applicants/${family.child}`))
        .statusCode,
    ).toBe(404);
    await app.db
      .updateTable('applications')
      .set({ status: 'SUBMITTED' })
      .where('id', '=', family.applicationId)
      .execute();
    expect((await call(app, ana, 'DELETE', `/api/eta/applications/${family.applicationId}`)).json().code).toBe(
      'APPLICATION_NOT_DELETABLE',
    );
    expect(
      (
        await call(app, ana, 'DELETE', `/api/eta/applications/${family.applicationId}/applicants/${family.child}`)
      ).json().code,
    ).toBe('APPLICATION_NOT_EDITABLE');
    for (const key of [...family.holderKeys, ...family.childKeys]) expect(await storage.get(key)).toBeDefined();
    expect(await photoRowsOf([family.holder, family.child])).toHaveLength(4);
  });

  it('answers success and logs the key when a photo file cannot be deleted, and still deletes the others', async () => {
    const family = await photographedFamily();
    const [stuck] = family.holderKeys;
    const realDelete = LocalDiskStorage.prototype.delete;
    vi.spyOn(LocalDiskStorage.prototype, 'delete').mockImplementation(async function (
      this: LocalDiskStorage,
      key: string,
    ) {
      if (key === stuck) throw new Error('EIO: i/o error, unlink');
      return realDelete.call(this, key);
    });

    const response = await call(app, ana, 'DELETE', `/api/eta/applications/${family.applicationId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applicationIdentifier: family.applicationId, deleted: true });
    expect((await call(app, ana, 'GET', `/api/eta/applications/${family.applicationId}`)).statusCode).toBe(404);

    const errors = logged.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      key: stuck,
      msg: 'photo file could not be deleted',
      err: { message: 'EIO: i/o error, unlink' },
    });
    expect(await storage.get(stuck)).toBeDefined();
    for (const key of [...family.holderKeys.slice(1), ...family.childKeys])
      expect(await storage.get(key)).toBeUndefined();
  });

  it('answers success and logs when removing an applicant cannot delete a photo file', async () => {
    const family = await photographedFamily();
    vi.spyOn(LocalDiskStorage.prototype, 'delete').mockRejectedValue(new Error('EACCES: permission denied'));

    const response = await call(
      app,
      ana,
      'DELETE',
      `/api/eta/applications/${family.applicationId}/applicants/${family.child}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applicantIdentifier: family.child, deleted: true });
    expect(await photoRowsOf([family.child])).toEqual([]);
    const errors = logged.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors.map((entry) => entry.key).sort()).toEqual([...family.childKeys].sort());
  });
});
