import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Setting } from '../../shared/contract';
import { PUBLIC_SETTING_KEYS } from '../config';
import { ERROR_CODES } from '../../shared/contract';
import { errorBody } from '../errors';
import { languageOf } from '../i18n';

const HEALTH_TIMEOUT_MS = 3000;

/** GET /health (the database answers a real query) and GET /envs (runtime settings). */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(app.db),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`database did not answer within ${HEALTH_TIMEOUT_MS} ms`)),
            HEALTH_TIMEOUT_MS,
          );
        }),
      ]);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({
        status: 'error',
        database: 'error',
        ...errorBody(languageOf(request), ERROR_CODES.serviceUnavailable, 'api:errors.serviceUnavailable'),
      });
    } finally {
      clearTimeout(timer);
    }
  });

  const settings: Setting[] = PUBLIC_SETTING_KEYS.map((key) => ({ key, value: app.config.publicSettings[key] }));
  app.get('/envs', async () => settings);
};
