/**
 * What other areas of the server may use of accounts: signing in a call (the `authenticate` hook, or a bearer
 * token checked by hand where signing in is optional), the lifetimes housekeeping sweeps by, and the throttle
 * counted in the database with its 429 answer.
 */
export { authenticate, bearerToken } from './authenticate';
export { CODE_LIFETIME_SECONDS } from './email-keys';
export { tooMany } from './guards';
export { ipBucket, mostRestrictive, recordEvent, throttleState, THROTTLE_RULES, type ThrottleRule } from './throttle';
export { verifyAccessToken } from './tokens';
