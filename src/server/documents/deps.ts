import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lifecycle } from '../lifecycle/public';
import type { ObjectStorage } from '../storage/object-storage';
import type { PdfChecker } from './pdf-checks';
import type { DocumentsRepository } from './repository';
import type { DocumentRules } from './requirements';
import type { VirusScanner } from './virus-scan';

/** The journey step these calls belong to (schemas/routes.manifest.json `steps`). */
export const DOCUMENTS_STEP = 'SUPPORTING_DOCUMENTS';

export interface Caller {
  profileId: string;
  lang: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** A file as the route read it: its bytes (undefined: no file part) and the name it was chosen with. */
export interface Upload {
  data?: Buffer;
  fileName?: string;
  /** The file was cut off at the size limit. */
  tooBig?: boolean;
}

/** What the jobs of supporting documents work with, made once per app (routes.ts). */
export interface DocumentsDeps {
  db: Kysely<Database>;
  repository: DocumentsRepository;
  storage: ObjectStorage;
  scanner: VirusScanner;
  /** Where PDFs are checked: worker threads with time and memory limits (pdf-checks.ts). */
  pdf: PdfChecker;
  rules: DocumentRules;
  maxFileBytes: number;
  /** The state machine's hooks: a file given or taken away voids the application's live payment. */
  lifecycle: Lifecycle;
}
