/**
 * What other areas of the server may use of accounts: signing in a call (the `authenticate` hook, or a bearer
 * token checked by hand where signing in is optional), and the lifetimes housekeeping sweeps by.
 */
export { authenticate, bearerToken } from './authenticate';
export { CODE_LIFETIME_SECONDS } from './email-keys';
export { ipBucket, recordEvent, throttleState, THROTTLE_RULES, type ThrottleRule } from './throttle';
export { verifyAccessToken } from './tokens';
