import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertObjectFolder, assertObjectKey, type ObjectStorage, type StoredObject } from './object-storage';

/** The names objects are stored under (the random part of a key). */
const OBJECT_NAME = /^[0-9a-f]{64}$/;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in one bucket of an S3-compatible store, under the same keys as on disk ("photos/ab12…"), so that
 * several instances of the server share them. Objects are private: nothing sets an ACL, and the server is the
 * only reader.
 */
export class S3Storage implements ObjectStorage {
  readonly client: S3Client;

  /**
   * @param listPageSize keys asked for per listing request (S3 answers at most 1000 whatever is asked).
   */
  constructor(
    readonly config: S3Config,
    private readonly listPageSize = 1000,
  ) {
    const options: S3ClientConfig = { region: config.region, forcePathStyle: config.forcePathStyle };
    if (config.endpoint) options.endpoint = config.endpoint;
    if (config.accessKeyId && config.secretAccessKey) {
      options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
    }
    this.client = new S3Client(options);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertObjectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!answer.Body) return undefined;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    // S3 answers success for a key that holds nothing, as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async *list(folder: string): AsyncIterable<StoredObject> {
    assertObjectFolder(folder);
    // Pages are walked with a marker (the last key seen), which every S3-compatible store understands.
    let marker: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.config.bucket,
          Prefix: `${folder}/`,
          Marker: marker,
          MaxKeys: this.listPageSize,
        }),
      );
      const contents = page.Contents ?? [];
      for (const object of contents) {
        const key = object.Key ?? '';
        // Only what this server writes: anything else in the bucket is not an object of ours.
        if (!OBJECT_NAME.test(key.slice(folder.length + 1))) continue;
        yield { key, storedAt: object.LastModified ?? new Date(0) };
      }
      marker = page.IsTruncated ? (page.NextMarker ?? contents.at(-1)?.Key) : undefined;
    } while (marker);
  }
}
