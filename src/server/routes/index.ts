import type { FastifyPluginAsync } from 'fastify';
import { openApiPlugin } from '../openapi/plugin';
import { accountRoutes } from '../accounts/routes';
import { applicationRoutes } from '../applications/routes';
import { biometricsRoutes } from '../biometrics/routes';
import { documentRoutes } from '../documents/routes';
import { submissionRoutes } from '../submissions/routes';
import { paymentRoutes } from '../payments/routes';
import { decisionsPlugin } from '../decisions/plugin';
import { lifecyclePlugin } from '../lifecycle/public';
import { outcomeRoutes } from '../outcomes/routes';
import { mailPlugin } from '../mail/mailer';
import { referenceDataRoutes } from '../reference-data/routes';
import { cspReportRoutes } from '../security/csp-report';
import { staffRoutes } from '../staff/routes';
import { systemRoutes } from '../system/routes';

/** Every route plugin of the API, registered in this order by buildApp. Adding an area = one file + one line. */
export const routes: FastifyPluginAsync[] = [
  // First: it describes every route registered after it.
  openApiPlugin,
  systemRoutes,
  referenceDataRoutes,
  mailPlugin,
  // Before every area that changes applications: they register with it and use it.
  lifecyclePlugin,
  accountRoutes,
  applicationRoutes,
  biometricsRoutes,
  documentRoutes,
  submissionRoutes,
  paymentRoutes,
  decisionsPlugin,
  outcomeRoutes,
  cspReportRoutes,
  staffRoutes,
];
