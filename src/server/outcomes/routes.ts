import type { FastifyPluginAsync } from 'fastify';
import {
  ERROR_CODES,
  OUTCOME_KINDS,
  OUTCOME_PATH_SEGMENTS,
  sealStatusQuerySchema,
  walletLinkQuerySchema,
  type OutcomeKind,
} from '../../shared/contract';
import { toBase64Url } from '../../shared/seal/seal';
import { authenticate } from '../accounts/public';
import { loadDecisionRules } from '../decisions/public';
import { ApiError } from '../errors';
import { languageOf } from '../i18n';
import { loadRouteSchemas, type OperationId, type RouteSchemaTypes } from '../openapi/public';
import { loadSealSigner } from '../seal/public';
import { configuredWallets } from '../wallet/public';
import { createOutcomesService } from './service';
import { API_PATHS } from '../../shared/contract';

const APPLICANT = `${API_PATHS.applicants}/:guid`;
/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/** The operations of each kind's view and PDF. */
const OPERATIONS = {
  ETA: { view: 'getEta', pdf: 'downloadEtaPdf' },
  PERMIT: { view: 'getPermit', pdf: 'downloadPermitPdf' },
  REJECTION_NOTICE: { view: 'getRejectionNotice', pdf: 'downloadRejectionNoticePdf' },
} as const satisfies Record<OutcomeKind, { view: OperationId; pdf: OperationId }>;

/**
 * The outcome documents: each kind's view and PDF, the wallet link and Apple's pass file, and the seal's public
 * checks (the signer certificate and whether a document still stands).
 */
export const outcomeRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const portalUrl = app.config.publicSettings.FRONT_END_URL;
  const outcomes = createOutcomesService({
    repository: app.repositories.outcomes,
    decisions: app.repositories.decisions,
    rules: loadDecisionRules(app.config.schemasDir),
    signer: await loadSealSigner({ dataDir: app.config.dataDir, env: process.env }),
    wallets: configuredWallets(process.env),
    secret: app.config.jwtSecret,
    portalUrl,
    pagePaths: app.pagePaths,
    apiUrl: app.config.publicSettings.API_URL || app.config.publicUrl,
    log: app.log,
  });

  app.get(`${API_PATHS.seal}/certificate`, { schema: schemaOf('getSealCertificate') }, async () => ({
    certificate: toBase64Url(outcomes.certificate()),
  }));

  app.get(
    `${API_PATHS.seal}/status`,
    { schema: schemaOf('getSealStatus', { querystring: sealStatusQuerySchema }) },
    async (request) => ({ status: await outcomes.sealStatus(request.query.documentNumber) }),
  );

  // The address is the credential: it is signed, names one applicant and runs out after minutes.
  app.get(`${API_PATHS.wallet}/apple/:token`, { schema: schemaOf('getApplePass') }, async (request, reply) => {
    const pass = await outcomes.applePass(request.params.token);
    if (!pass) throw new ApiError(404, ERROR_CODES.notFound, 'api:errors.notFound');
    return reply
      .type('application/vnd.apple.pkpass')
      .header('content-disposition', 'attachment; filename="eta.pkpass"')
      .send(pass);
  });

  await app.register(async (child) => {
    const signedIn = child.withTypeProvider<RouteSchemaTypes>();
    signedIn.addHook('onRequest', authenticate);

    signedIn.get(`${API_PATHS.applicants}/wallets`, { schema: schemaOf('listWallets') }, async () => ({
      wallets: outcomes.wallets(),
    }));

    signedIn.get(
      `${API_PATHS.applicants}/wallet-link`,
      { schema: schemaOf('getWalletLink', { querystring: walletLinkQuerySchema }) },
      async (request) => ({
        url: await outcomes.walletLink(
          request.profileId,
          request.query.applicantIdentifier,
          request.query.wallet,
          languageOf(request),
        ),
      }),
    );

    for (const kind of OUTCOME_KINDS) {
      const segment = OUTCOME_PATH_SEGMENTS[kind];
      signedIn.get(`${APPLICANT}/${segment}`, { schema: schemaOf(OPERATIONS[kind].view) }, async (request) =>
        outcomes.outcome(request.profileId, request.params.guid, kind, languageOf(request)),
      );
      signedIn.post(
        `${APPLICANT}/${segment}-pdf`,
        { schema: schemaOf(OPERATIONS[kind].pdf) },
        async (request, reply) => {
          const { bytes, fileName } = await outcomes.pdf(
            request.profileId,
            request.params.guid,
            kind,
            languageOf(request),
          );
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .send(Buffer.from(bytes));
        },
      );
    }
  });
};
