import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../applications/testing/client';
import { loadConfig } from '../config';
import { applicantsAtDocuments, documentUrl, startDocumentsTestApp, uploadUrl } from '../documents/testing/app';
import { pdfFile, sendFile } from '../documents/testing/files';
import { newObjectKey, type StoredObject } from './object-storage';
import { S3Storage } from './s3-storage';
import { createStorage } from './storage';
import { startTestS3, type TestS3 } from './testing/s3';

describe('S3Storage against an S3-compatible server (s3rver)', () => {
  let s3: TestS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3();
    const config = loadConfig({ ...s3.env, DATA_DIR: '/nowhere' });
    const made = createStorage(config);
    expect(made).toBeInstanceOf(S3Storage);
    storage = made as S3Storage;
  });
  afterAll(async () => {
    storage?.client.destroy();
    await s3?.close();
  });

  const listed = async (folder: string) => {
    const objects: StoredObject[] = [];
    for await (const object of storage.list(folder)) objects.push(object);
    return objects.sort((a, b) => a.key.localeCompare(b.key));
  };

  it('is chosen by S3_BUCKET, with its endpoint, region, keys and path-style addressing', () => {
    expect(storage.config).toEqual({
      bucket: 'eta-test',
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('stores, reads back, lists and deletes objects', async () => {
    const photo = newObjectKey('photos');
    const document = newObjectKey('documents');
    await storage.put(photo, Buffer.from('jpeg bytes'), 'image/jpeg');
    await storage.put(document, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect((await storage.get(photo))?.toString()).toBe('jpeg bytes');
    const photos = await listed('photos');
    expect(photos.map((o) => o.key)).toEqual([photo]);
    expect(Math.abs(photos[0].storedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await listed('documents')).map((o) => o.key)).toEqual([document]);
    await storage.delete(photo);
    expect(await storage.get(photo)).toBeUndefined();
    await expect(storage.delete(photo)).resolves.toBeUndefined();
    expect(await listed('photos')).toEqual([]);
  });

  it('lists past a page of results', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const key = newObjectKey('bulk');
      await storage.put(key, Buffer.from('x'), 'text/plain');
      keys.push(key);
    }
    const paged = new S3Storage(storage.config, 3);
    const objects: string[] = [];
    for await (const object of paged.list('bulk')) objects.push(object.key);
    paged.client.destroy();
    expect(objects.sort()).toEqual(keys.sort());
  });

  it('refuses keys it did not make', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Not an object key/);
    await expect(storage.get('photos/../../etc/passwd')).rejects.toThrow(/Not an object key/);
    await expect(listed('../etc')).rejects.toThrow(/Not an object folder/);
  });
});

describe('documents stored in S3', () => {
  let s3: TestS3;
  let fixture: Awaited<ReturnType<typeof startDocumentsTestApp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    s3 = await startTestS3('eta-documents');
    fixture = await startDocumentsTestApp('sqlite', s3.env);
    app = fixture.app;
  });
  afterAll(async () => {
    await fixture?.close();
    await s3?.close();
  });

  it('uploads, downloads and deletes a document through the API', async () => {
    expect(fixture.storage).toBeInstanceOf(S3Storage);
    const ana = await signIn(app);
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const pdf = await pdfFile();
    const stored = await sendFile(app, ana, 'POST', uploadUrl(applicationId, applicantIds[0], 'OTHER'), pdf);
    expect(stored.statusCode, stored.body).toBe(201);
    const { documentIdentifier } = stored.json();
    const row = await app.db
      .selectFrom('applicant_documents')
      .select('storage_key')
      .where('id', '=', documentIdentifier)
      .executeTakeFirstOrThrow();
    expect((await fixture.storage.get(row.storage_key))?.equals(pdf)).toBe(true);

    const download = await call(app, ana, 'GET', documentUrl(applicationId, documentIdentifier));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    expect((await call(app, ana, 'DELETE', documentUrl(applicationId, documentIdentifier))).statusCode).toBe(204);
    expect(await fixture.storage.get(row.storage_key)).toBeUndefined();
  });
});
