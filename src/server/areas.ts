import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { emailKeysRepository, profilesRepository, sessionsRepository, throttleRepository } from './accounts/repository';
import { applicationsRepository } from './applications/repository';
import { configurationRepository } from './configuration/repository';
import { captureRepository } from './biometrics/repository';
import { decisionsRepository } from './decisions/repository';
import { documentsRepository } from './documents/repository';
import { outcomesRepository } from './outcomes/repository';
import { paymentsRepository } from './payments/repository';
import { staffRepository } from './staff/repository';
import type { ObjectStorage } from './storage/object-storage';
import { createStorage } from './storage/storage';

/**
 * The queries of each area, made once per app on its database. A method that also runs inside a transaction takes
 * that transaction as its last, optional argument; without it, it runs on the database.
 */
export interface Repositories {
  profiles: ReturnType<typeof profilesRepository>;
  /** E-mailed link keys and codes of the accounts. */
  emailKeys: ReturnType<typeof emailKeysRepository>;
  /** The events the accounts' limits count (and other areas' limits, through accounts/public.ts). */
  throttle: ReturnType<typeof throttleRepository>;
  /** Session families and their refresh tokens. */
  sessions: ReturnType<typeof sessionsRepository>;
  applications: ReturnType<typeof applicationsRepository>;
  capture: ReturnType<typeof captureRepository>;
  documents: ReturnType<typeof documentsRepository>;
  payments: ReturnType<typeof paymentsRepository>;
  decisions: ReturnType<typeof decisionsRepository>;
  outcomes: ReturnType<typeof outcomesRepository>;
  /** Staff accounts, their sessions and the audit trail. */
  staff: ReturnType<typeof staffRepository>;
  /** The configuration's published versions and drafts. */
  configuration: ReturnType<typeof configurationRepository>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The areas' repositories, made once on `db` when the app is built. */
    repositories: Repositories;
    /** The object store of photos and documents, made once when the app is built. */
    objects: ObjectStorage;
  }
}

/** What the server's areas share: their repositories and the one object store for photos and documents. */
export interface Areas {
  repositories: Repositories;
  objects: ObjectStorage;
}

/** Builds the areas' repositories and the object store of this installation, once, when the app is built. */
export function buildAreas(db: Db, config: Pick<AppConfig, 'dataDir'> & Partial<Pick<AppConfig, 's3'>>): Areas {
  return {
    repositories: {
      profiles: profilesRepository(db),
      emailKeys: emailKeysRepository(db),
      throttle: throttleRepository(db),
      sessions: sessionsRepository(db),
      applications: applicationsRepository(db),
      capture: captureRepository(db),
      documents: documentsRepository(db),
      payments: paymentsRepository(db),
      decisions: decisionsRepository(db),
      outcomes: outcomesRepository(db),
      staff: staffRepository(db),
      configuration: configurationRepository(db),
    },
    objects: createStorage(config),
  };
}

/** Hands the areas to every route and service of the app (`app.repositories`, `app.objects`). */
export function decorateAreas(app: FastifyInstance, areas: Areas): void {
  app.decorate('repositories', areas.repositories);
  app.decorate('objects', areas.objects);
}
