import { z } from 'zod';
import { QUEUE_NAMES, type QueueName } from '@valuation/contracts';
import { DEFAULT_BUSINESS_TZ, isValidTimeZone, setBusinessTimeZone } from '@valuation/domain';
import { trustProxySchema } from './trust-proxy';

const DEV_JWT_SECRET = 'development-secret-change-me';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const port = z.coerce.number().int().min(1).max(65535);

/** Every variable the processes read, with its default and what it means. */
export const configSchema = z.object({
  /** development | test | production */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Port of the web front end (the URL users open). */
  PORT: port.default(3000),
  /** Port the API listens on. */
  API_PORT: port.default(3001),
  /** API processes sharing the port (Node cluster); more than 1 uses more cores on one machine. */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Address the API binds to. */
  API_HOST: z.string().default('0.0.0.0'),
  /**
   * IANA time zone of the business calendar: what "today" is for package validity and expiry,
   * the days of list date filters, month keys, code dates and every date and time shown or
   * exported. Independent of the zone the process runs in.
   */
  BUSINESS_TZ: z.string().refine(isValidTimeZone, { message: 'not an IANA time zone (e.g. Asia/Shanghai)' }).default(DEFAULT_BUSINESS_TZ),
  /** PostgreSQL connection URL. */
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/valuation'),
  /** Connection pool size per process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Redis connection URL (queues, captcha answers, sessions, rate limits). */
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379/0'),
  /** Prefix of every Redis key and queue, so several environments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('valuation'),
  /** S3 endpoint URL (MinIO in production; the start and test scripts run a loopback server). */
  S3_ENDPOINT: z.string().url().default('http://127.0.0.1:9000'),
  S3_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_SECRET_KEY: z.string().min(1).default('S3RVER'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Bucket holding uploads, images and reports; created at start when missing. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9.-]{3,63}$/)
    .default('valuation'),
  /** Secret signing the session tokens. Required in production. */
  JWT_SECRET: z.string().min(16).default(DEV_JWT_SECRET),
  /** Idle lifetime of a session in seconds; every authenticated answer extends it. */
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  /**
   * Failed logins of one account from one address before that address must wait before trying the
   * account again: LOGIN_DELAY_SECONDS, doubling with each further failure up to LOGIN_MAX_DELAY_SECONDS.
   * Other addresses are not held up, so nobody can lock a user out.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /**
   * Failed logins from one address, whatever the accounts, before it waits the same way; offices share
   * addresses, so higher. Accounts that have logged in from the address before are not held up.
   */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  /** How long failed logins are remembered after the last one, in seconds. */
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(15 * 60),
  /** The first wait after too many failures, in seconds; each further failure doubles it. */
  LOGIN_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** The longest wait after failed logins, in seconds. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /**
   * Failed logins of one account (from all addresses together), or from one address, after which the
   * login asks for a harder captcha (6 characters instead of 4) where the account has not logged in before.
   */
  LOGIN_HARD_CAPTCHA_AFTER: z.coerce.number().int().min(1).default(5),
  /**
   * Proxies whose X-Forwarded-For the API believes for the client's address (rate limits, login
   * throttling, the operation log): `none`, a number of hops, or a comma-separated list of addresses,
   * CIDR ranges and loopback, linklocal, uniquelocal. The web server in front must set the header itself.
   */
  TRUST_PROXY: trustProxySchema.prefault('loopback'),
  /** Length of the window of the request rate limits below, in seconds (a sliding window). */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Login attempts per address per window. */
  RATE_LIMIT_LOGIN_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Login captchas per address per window. */
  RATE_LIMIT_CAPTCHA_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** Valuations and valuation requests (quick, re-valuation, batch, manual enquiry, re-appraisal, objection, agency) per account per window. */
  RATE_LIMIT_VALUATION_PER_ACCOUNT: z.coerce.number().int().min(1).default(60),
  /** The same per address (all accounts behind it together). */
  RATE_LIMIT_VALUATION_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  /** Report orders per account per window. */
  RATE_LIMIT_REPORT_PER_ACCOUNT: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_REPORT_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  /** Spreadsheet exports per account per window. */
  RATE_LIMIT_EXPORT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_EXPORT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** Requests carrying files (uploads) per account per window. */
  RATE_LIMIT_UPLOAD_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOAD_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  /**
   * Spreadsheet exports written at once by one API process; further ones wait their turn (up to four
   * times as many), beyond that they are answered 429.
   */
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Serves the API description at /api/docs and /api/docs-json. When unset: on in development and
   * test, off in production (it lists every route to anyone who asks).
   */
  API_DOCS: bool.default(true),
  /**
   * Bearer token that opens GET /api/metrics to any caller. Without it (or without the token) the
   * metrics answer only requests made straight from a loopback or private address, not through a
   * proxy (no X-Forwarded-For or Forwarded header): Prometheus scraping the pod.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Login of the platform operators' queue dashboard at /api/ops/queues (HTTP Basic, with
   * OPS_PASSWORD). Without both the dashboard is not served: the path is an unknown route.
   */
  OPS_USER: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,18}$/, 'letters, digits, _ . - (at most 18)')
    .optional(),
  OPS_PASSWORD: z.string().min(16).optional(),
  /**
   * Lifetime of a download link (POST /api/download-link): a single-use ticket for one path and
   * query, so the web never puts a session token in a URL.
   */
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** Comma-separated origins allowed by CORS; empty allows none (same-origin only). */
  CORS_ORIGINS: z.string().default(''),
  /** Largest JSON or form body accepted (multipart uploads have their own limits). */
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(kb|mb)$/)
    .default('1mb'),
  /** trace | debug | info | warn | error | fatal | silent */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /** Pretty single-line logs for a terminal instead of JSON. */
  LOG_PRETTY: bool.default(false),
  /** Queues this worker process serves: comma-separated names, or "all". */
  WORKER_QUEUES: z
    .string()
    .default('all')
    .superRefine((value, ctx) => {
      if (value === 'all') return;
      for (const q of value.split(',').map((s) => s.trim())) {
        if (!QUEUE_NAMES.includes(q as QueueName)) {
          ctx.addIssue({ code: 'custom', message: `unknown queue "${q}" (known: ${QUEUE_NAMES.join(', ')})` });
        }
      }
    }),
  /** Jobs processed at once per queue in one worker process. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Milliseconds a worker holds an active job before another worker may take it over when the
   * holder has died (BullMQ's lock duration and the interval of its stalled-job check).
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Port of the worker's /metrics, /health/live and /health/ready; 0 serves none of them. */
  WORKER_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /**
   * Batch chunks valued at once in one worker process (instead of WORKER_CONCURRENCY for the
   * batch queue). Valuing is CPU work in the process, so about the number of cores it may use.
   */
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * How often a batch worker looks for valuing tasks without progress for BATCH_STALL_SECONDS
   * and enqueues their start job again (a no-op while it is queued), in milliseconds.
   */
  BATCH_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  BATCH_STALL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** Chromium the report renderer drives (Debian's package; never a downloaded browser). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Browser pages kept open for rendering reports; also how many reports one worker renders at once. */
  PDF_PAGES: z.coerce.number().int().min(1).max(16).default(2),
  /** Address of the web application as users reach it; the QR code of a report opens its verification page there. */
  PUBLIC_WEB_URL: z.string().url().default('http://localhost:3000'),
  /**
   * How often a report worker looks for reports waiting longer than REPORT_STALL_SECONDS and adds
   * or retries their render job (nothing happens while the job is queued or running), in ms.
   */
  REPORT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  REPORT_STALL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** Tenant whose branding the login pages show when the request host matches no customer domain. */
  DEFAULT_TENANT_CODE: z.string().default('demo'),
  /** HTTP SMS gateway receiving POST { apiKey, phone, sign, text }; unset disables SMS (rows are skipped). */
  SMS_PROVIDER_URL: z.string().url().optional(),
  /** Key sent to the SMS gateway with every message. */
  SMS_API_KEY: z.string().min(1).optional(),
  /** Signature shown in 【】 at the head of every SMS, e.g. 估价平台. */
  SMS_SIGN: z.string().min(1).max(20).optional(),
  /** Lets webhooks post to loopback and private addresses (tests, closed networks). */
  NOTIFY_ALLOW_PRIVATE_TARGETS: bool.default(false),
  /** Tries per notification, including the first (bounded, so a dead endpoint ends in `failed`). */
  NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /**
   * Wait before the second try, in milliseconds; each later wait doubles (exponential backoff):
   * with the defaults 10 s, 20 s, 40 s, 80 s and 160 s, about 5 minutes from first to last try.
   */
  NOTIFY_BACKOFF_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How often the worker moves written notifications onto the notify queue, in milliseconds. */
  NOTIFY_RELAY_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
});

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the configuration; throws ConfigError listing every problem. A valid
 * configuration also sets the business time zone of the process (BUSINESS_TZ).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  input.API_DOCS ??= input.NODE_ENV === 'production' ? 'false' : 'true';
  // Operators read these in English, whatever language the application's own forms answer in.
  const parsed = configSchema.safeParse(input, { error: z.locales.en().localeError });
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`);
  if ((input.OPS_USER === undefined) !== (input.OPS_PASSWORD === undefined)) {
    problems.push('OPS_USER, OPS_PASSWORD: set both for the queue dashboard, or neither');
  }
  if (input.NODE_ENV === 'production' && (!input.JWT_SECRET || input.JWT_SECRET === DEV_JWT_SECRET)) {
    problems.push('JWT_SECRET: must be set in production');
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  setBusinessTimeZone(parsed.data.BUSINESS_TZ);
  return parsed.data;
}

export function workerQueues(config: AppConfig): QueueName[] {
  if (config.WORKER_QUEUES === 'all') return [...QUEUE_NAMES];
  return config.WORKER_QUEUES.split(',').map((s) => s.trim()) as QueueName[];
}

/** pino transport of a process: readable single lines when LOG_PRETTY is set, else JSON on stdout. */
export function logTransport(config: AppConfig) {
  return config.LOG_PRETTY
    ? {
        target: 'pino-pretty',
        options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,req.headers,res.headers' },
      }
    : undefined;
}
