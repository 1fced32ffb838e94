// The public surface of `auth`: callers, session tokens, password and secret-token hashing, rate limits. Other modules
// import only this file.
export {
  type Caller,
  creatorCannotRequest,
  hasStaffRole,
  isOperator,
  isStaffManagedLogin,
  isStaffOnly,
  requireCaller,
  requireRequestingFan,
  requireRole,
  requireSelf,
  STAFF_DEACTIVATION_REASON,
  staffManagedLogin,
} from './caller';
export { registerJwt, signSessionToken } from './jwt';
export { clearSessionCookie, isConsolePath } from './request-session';
export { clearConsoleSession, issueConsoleSession, issueSession } from './session-cookie';
export { hashPassword, verifyPassword } from './passwords';
export {
  DEFAULT_RATE_LIMITS,
  parseRateLimit,
  type RateLimit,
  limitPerAccount,
  limitPasswordChecksPerCaller,
  limitPerAddress,
  type RateLimits,
  registerRateLimits,
} from './rate-limits';
export {
  forgetAccountFailures,
  LOGIN_FAILURE_MEMORY_MS,
  loginThrottleOf,
  throttledPasswordCheck,
} from './login-throttle';
export { hashSecretToken, newSecretToken } from './secret-tokens';
