import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DOCUMENT_FILE_FIELD,
  ERROR_CODES,
  documentReuseBodySchema,
  documentsCompleteBodySchema,
  documentsQuerySchema,
  documentUploadQuerySchema,
} from '../../shared/contract';
import { authenticate } from '../accounts/public';
import { ApiError } from '../errors';
import { languageOf } from '../i18n';
import { loadRouteSchemas, type RouteSchemaTypes } from '../openapi/public';
import { downloadName } from './file-checks';
import { createPdfChecker, type PdfCheckerOptions } from './pdf-checks';
import { loadDocumentRules } from './requirements';
import { createDocumentsService, documentsComplete, DOCUMENTS_STEP, type Caller, type Upload } from './service';
import { createVirusScanner, type VirusScanner } from './virus-scan';
import { API_PATHS } from '../../shared/contract';

export const DOCUMENTS_PREFIX = `${API_PATHS.applications}/:guid/documents`;

const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

const callerOf = (request: FastifyRequest): Caller => ({
  profileId: request.profileId,
  lang: languageOf(request),
  log: request.log,
});

/**
 * Reads the one file part `file` of a multipart request, stopping at the size limit; other parts are read and
 * dropped. A request that is not multipart, or has no such part, has no file. A body the multipart parser cannot
 * read (no boundary, cut off before its closing boundary, broken part headers) is the client's mistake: 400.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) return {};
  const upload: Upload = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === DOCUMENT_FILE_FIELD && upload.data === undefined) {
        upload.data = data;
        upload.fileName = part.filename;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { tooBig: true };
    // The plugin's own errors carry their status (413 for its limits); the parser's do not.
    if (error instanceof ApiError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    request.log.info({ reason: (error as Error).message }, 'malformed multipart body');
    throw new ApiError(400, ERROR_CODES.badRequest, 'api:errors.badRequest');
  }
  return upload;
}

export interface DocumentRoutesOptions {
  /** The virus scanner (default: ClamAV when configured, else the EICAR-only scanner). */
  scanner?: VirusScanner;
  /** The PDF checker's time, memory and decoding limits (default PDF_CHECKER_DEFAULTS). */
  pdf?: Partial<PdfCheckerOptions>;
}

/**
 * Supporting documents (step SUPPORTING_DOCUMENTS): which documents an applicant must give (from
 * schemas/documents.rules.json), their files, checked by content and stored through the object store, files
 * given again for another applicant, and the completion of the step. Signed-in users only; another account's
 * identifiers answer 404 as the applications do.
 */
export const documentRoutes: FastifyPluginAsync<DocumentRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const { db, config } = app;
  const { maxFileBytes } = config.documents;
  const pdf = createPdfChecker(app.log, options.pdf);
  app.addHook('onClose', () => pdf.close());
  const rules = loadDocumentRules(config.schemasDir);
  const repository = app.repositories.documents;
  const documents = createDocumentsService({
    db,
    repository,
    storage: app.objects,
    scanner: options.scanner ?? createVirusScanner(config.documents),
    pdf,
    rules,
    maxFileBytes,
    lifecycle: app.lifecycle,
  });
  // The documents asked for follow the answers and facts: a change elsewhere can leave this step incomplete.
  app.lifecycle.checkStep(DOCUMENTS_STEP, (executor, application, applicant) =>
    documentsComplete({ repository, rules }, executor, application, applicant),
  );

  // Scoped to this plugin: no other route accepts multipart bodies. One file, a few parts, nothing large but it.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 2, parts: 10, fields: 8, fieldSize: 1024, headerPairs: 100 },
  });
  app.addHook('onRequest', authenticate);

  app.get(
    DOCUMENTS_PREFIX,
    { schema: schemaOf('listDocuments', { querystring: documentsQuerySchema }) },
    async (request) => documents.list(callerOf(request), request.params.guid, request.query.applicantIdentifier),
  );

  app.post(
    DOCUMENTS_PREFIX,
    // The multipart body is described ("x-request-body"), not validated by fastify (it would need attachFieldsToBody):
    // readUpload and the service check the file part themselves.
    { schema: schemaOf('uploadDocument', { querystring: documentUploadQuerySchema }) },
    async (request, reply) => {
      const upload = await readUpload(request);
      const stored = await documents.upload(callerOf(request), request.params.guid, request.query, upload);
      reply.code(201);
      return stored;
    },
  );

  app.post(
    `${DOCUMENTS_PREFIX}/complete`,
    { schema: schemaOf('completeDocuments', { body: documentsCompleteBodySchema }) },
    async (request) => documents.complete(callerOf(request), request.params.guid, request.body.applicantIdentifier),
  );

  app.get(`${DOCUMENTS_PREFIX}/:documentGuid`, { schema: schemaOf('downloadDocument') }, async (request, reply) => {
    const { row, data } = await documents.download(callerOf(request), request.params.guid, request.params.documentGuid);
    return reply
      .type(row.content_type)
      .header(
        'content-disposition',
        `attachment; filename="${downloadName(row.document_type, row.id, row.content_type)}"`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  // The multipart body is described only, as for an upload.
  app.put(`${DOCUMENTS_PREFIX}/:documentGuid`, { schema: schemaOf('replaceDocument') }, async (request) => {
    const upload = await readUpload(request);
    return documents.replace(callerOf(request), request.params.guid, request.params.documentGuid, upload);
  });

  app.delete(`${DOCUMENTS_PREFIX}/:documentGuid`, { schema: schemaOf('deleteDocument') }, async (request, reply) => {
    await documents.remove(callerOf(request), request.params.guid, request.params.documentGuid);
    return reply.code(204).send();
  });

  app.post(
    `${DOCUMENTS_PREFIX}/:documentGuid/reuse`,
    { schema: schemaOf('reuseDocument', { body: documentReuseBodySchema }) },
    async (request, reply) => {
      const reused = await documents.reuse(
        callerOf(request),
        request.params.guid,
        request.params.documentGuid,
        request.body,
      );
      reply.code(201);
      return reused;
    },
  );
};
