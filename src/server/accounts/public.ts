/**
 * What other areas of the server may use of accounts: signing in a call (the `authenticate` hook, or a bearer
 * token checked by hand where signing in is optional), the lifetimes housekeeping sweeps by, and the throttle
 * counted in the database with its 429 answer; and for staff accounts (src/server/staff), addresses kept as
 * applicants' are and passwords hashed and checked as theirs.
 */
export { authenticate, bearerToken } from './authenticate';
export { CODE_LIFETIME_SECONDS } from './email-keys';
export { normaliseEmail, tooMany } from './guards';
export { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
export { ipBucket, mostRestrictive, recordEvent, throttleState, THROTTLE_RULES, type ThrottleRule } from './throttle';
export { verifyAccessToken } from './tokens';
