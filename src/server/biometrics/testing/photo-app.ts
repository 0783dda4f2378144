import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ObjectStorage } from '../../storage/object-storage';
import type { Env } from '../../lib/env';
import { createStorage } from '../../storage/storage';
import { buildTestApp, type DatabaseKind } from '../../testing/harness';
import * as images from './test-images';

/** A test app with its own data folder (so its photo files are its own), its error log, and two good photos. */
export interface PhotoTestApp {
  app: FastifyInstance;
  storage: ObjectStorage;
  /** Error lines the app logged; empty it between tests. */
  logged: string[];
  photos: { selfie: Buffer; passport: Buffer };
  /** Closes the app and removes its data folder. */
  close(): Promise<void>;
}

export async function startPhotoTestApp(kind: DatabaseKind, name: string, env: Env = {}): Promise<PhotoTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `eta-${name}-`));
  const logged: string[] = [];
  const app = await buildTestApp({
    db: kind,
    dataDir,
    logLevel: 'error',
    logStream: { write: (line) => logged.push(line) },
    env,
  });
  return {
    app,
    storage: createStorage({ dataDir }),
    logged,
    photos: { selfie: await images.validSelfie(), passport: await images.validPassportPage() },
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
