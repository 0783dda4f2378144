import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_PATHS, CAPTURE_DEVICE_COOKIE, CAPTURE_DEVICE_HEADER } from '../../shared/contract';
import { authenticate, bearerToken } from '../accounts/public';
import { createPassportRecheck } from '../applications/public';
import { languageOf } from '../i18n';
import { loadRouteSchemas, type ParamsOf, type RouteSchemaTypes } from '../openapi/public';
import { tinyFaceDetector } from './face-detector';
import type { CaptureCaller } from './capture-call';
import { createCaptureService } from './service';

export const BIOMETRICS_PREFIX = API_PATHS.biometrics;
export const CAPTURE_STATUS_PREFIX = API_PATHS.captureSessionStatus;
/** Header in which a linked phone sends back the device token it was given by LINK_PHONE (as fastify names it). */
export const DEVICE_HEADER = CAPTURE_DEVICE_HEADER.toLowerCase();

/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/** A request about one capture session (its identifier in the path). */
type SessionRequest = FastifyRequest<{ Params: ParamsOf<'getCaptureSessionStatus'> }>;

/**
 * The device token a phone sends: the header of a page whose scripts run, else the cookie a phone linked without
 * scripts keeps, when it is for this session.
 */
function deviceTokenOf(request: SessionRequest): string | undefined {
  const header = request.headers[DEVICE_HEADER];
  if (typeof header === 'string') return header;
  const [session, token, ...rest] = request.cookies[CAPTURE_DEVICE_COOKIE]?.split('.') ?? [];
  return rest.length === 0 && session === request.params.captureSessionIdentifier ? token : undefined;
}

const callerOf = (request: SessionRequest): CaptureCaller => ({
  lang: languageOf(request),
  log: request.log,
  token: bearerToken(request),
  deviceToken: deviceTokenOf(request),
});

/**
 * Photo capture: a session per applicant (POST /api/eta/biometrics), followed and moved by the signed-in owner or
 * a linked phone (capture-session-status); photos are checked, kept in object storage, and shown back only to the
 * account that owns the applicant.
 */
export const biometricsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const { db, config } = app;
  const { capture } = config;
  const service = createCaptureService({
    db,
    repository: app.repositories.capture,
    config,
    storage: app.objects,
    faceDetector: capture.faceCheck ? tinyFaceDetector() : undefined,
    mrzReader: app.mrzReader,
    recheckPassport: createPassportRecheck(),
    lifecycle: app.lifecycle,
  });

  app.post(
    BIOMETRICS_PREFIX,
    { onRequest: authenticate, schema: schemaOf('startCaptureSession') },
    async (request, reply) => {
      const started = await service.start(request.profileId, request.body);
      reply.code(201);
      return started;
    },
  );

  app.get(
    `${CAPTURE_STATUS_PREFIX}/:captureSessionIdentifier`,
    { schema: schemaOf('getCaptureSessionStatus') },
    async (request) => service.status(request.params.captureSessionIdentifier, callerOf(request)),
  );

  // A base64 photo is 4/3 of its size; twice that leaves room to answer IMAGE_TOO_LARGE rather than a bare 413.
  const actionBodyLimit = Math.ceil((capture.maxUploadBytes * 4) / 3) * 2 + 64 * 1024;

  app.post(
    `${CAPTURE_STATUS_PREFIX}/:captureSessionIdentifier`,
    {
      bodyLimit: Math.max(actionBodyLimit, config.bodyLimit),
      schema: schemaOf('moveCaptureSession'),
    },
    async (request, reply) => {
      const answer = await service.act(request.params.captureSessionIdentifier, request.body, callerOf(request));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    `${API_PATHS.applicants}/:guid/photos/:photoType`,
    { onRequest: authenticate, schema: schemaOf('getApplicantPhoto') },
    async (request, reply) => {
      const photo = await service.photo(request.profileId, request.params.guid, request.params.photoType);
      return reply.type(photo.contentType).header('content-disposition', 'inline').send(photo.data);
    },
  );
};
