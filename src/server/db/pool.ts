/**
 * Connections a PostgreSQL pool opens at most unless DATABASE_POOL_MAX says otherwise. Each instance opens its own
 * pool: instances × DATABASE_POOL_MAX must stay under the server's max_connections (100 by default).
 */
export const DEFAULT_POOL_MAX = 10;
