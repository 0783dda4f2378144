import path from 'node:path';
import type { AppConfig } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

/**
 * The object store of this installation, for photos and documents alike: the S3-compatible bucket of S3_BUCKET
 * when it is set, else files under `${DATA_DIR}/objects`.
 */
export function createStorage(config: Pick<AppConfig, 'dataDir'> & Partial<Pick<AppConfig, 's3'>>): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalDiskStorage(path.join(config.dataDir, 'objects'));
}
