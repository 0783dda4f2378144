import path from 'node:path';
import type { AppConfig } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';

/** The object store of this installation: files under `${DATA_DIR}/objects`. */
export function createStorage(config: Pick<AppConfig, 'dataDir'>): ObjectStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'objects'));
}
