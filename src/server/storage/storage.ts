import path from 'node:path';
import type { AppConfig } from '../config';
import { instrumentedStorage } from './instrumented-storage';
import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

/**
 * The object store of this installation, for photos and documents alike: the S3-compatible bucket of S3_BUCKET
 * when it is set, else files under `${DATA_DIR}/objects`; each call traced and counted (instrumented-storage.ts).
 */
export function createStorage(config: Pick<AppConfig, 'dataDir'> & Partial<Pick<AppConfig, 's3'>>): ObjectStorage {
  if (config.s3) return instrumentedStorage(new S3Storage(config.s3), 's3');
  return instrumentedStorage(new LocalDiskStorage(path.join(config.dataDir, 'objects')), 'disk');
}
