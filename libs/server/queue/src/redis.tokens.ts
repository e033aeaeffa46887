/** Injection token of the shared ioredis client (captcha answers, sessions, rate limits). */
export const REDIS = Symbol('REDIS');
