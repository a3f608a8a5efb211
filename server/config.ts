import path from 'node:path';
import { z } from 'zod';
import { BadStorageSetting, parseStorageUrl, type StorageSetting } from './storage/from-config.js';

/** Every setting comes from the environment; docs/configuration.md lists them. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4999),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  SITE_URL: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TZ: z.string().optional(),
  FOLIO_TIMEZONE: z.string().optional(),
  FOLIO_CAPTCHA: z.enum(['on', 'off']).default('on'),
  NODE_ENV: z.string().optional(),
  FOLIO_COOKIE_SECURE: z.enum(['auto', 'on', 'off']).default('auto'),
  FOLIO_WEB_DIR: z.string().optional(),
  FOLIO_SECRET: z.string().min(32).optional(),
  FOLIO_FEEDBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
  FOLIO_MERMAID_CHROMIUM: z.string().optional(),
  FOLIO_REDIS_URL: z.string().optional(),
  FOLIO_JOB_INTERVAL_SCALE: z.coerce.number().positive().max(1).default(1),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` for the embedded database, or a postgres:// URL. */
  databaseUrl: string;
  siteUrl: string | null;
  trustProxy: boolean | string | number;
  logLevel: string;
  timeZone: string;
  captcha: boolean;
  production: boolean;
  cookieSecure: 'auto' | 'on' | 'off';
  /** Built browser app; null when it is not served (API tests). */
  webDir: string | null;
  /** Lifetime of a login token, in seconds (180 days, as ShowDoc). */
  tokenTtlSeconds: number;
  /**
   * FOLIO_SECRET, which signs visit grants and encrypts open-API tokens; null: the key the database keeps
   * (server/secret.ts), so every server on one database agrees. An operator who wants a leaked database
   * alone not to be enough sets FOLIO_SECRET (on every server).
   */
  secret: string | null;
  /** Where the header's feedback icon leads (an issue tracker, a mail form); no icon without it. */
  feedbackUrl: string | null;
  /** A Chromium executable that draws mermaid diagrams for Word exports; without it they stay source. */
  mermaidChromium: string | null;
  /** Rate limits counted in Redis (redis://…) instead of the database; docs/scale-out.md. */
  redisUrl: string | null;
  /** Multiplies every scheduled job's delays, for tests that watch jobs run (1 in production). */
  jobIntervalScale: number;
  /** Where attachments live: DATA_DIR/uploads, or the bucket of FOLIO_STORAGE=s3://… (docs/storage.md). */
  storage: StorageSetting;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL && e.DATABASE_URL.length > 0 ? e.DATABASE_URL : `sqlite:${path.join(dataDir, 'folio.db')}`,
    siteUrl: e.SITE_URL ? e.SITE_URL.replace(/\/+$/, '') : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    timeZone: validTimeZone(e.FOLIO_TIMEZONE ?? e.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
    captcha: e.FOLIO_CAPTCHA === 'on',
    production: e.NODE_ENV !== 'development' && e.NODE_ENV !== 'test',
    cookieSecure: e.FOLIO_COOKIE_SECURE,
    webDir: e.FOLIO_WEB_DIR ? path.resolve(e.FOLIO_WEB_DIR) : null,
    tokenTtlSeconds: 180 * 24 * 3600,
    secret: e.FOLIO_SECRET ?? null,
    feedbackUrl: e.FOLIO_FEEDBACK_URL ?? null,
    mermaidChromium: e.FOLIO_MERMAID_CHROMIUM ? e.FOLIO_MERMAID_CHROMIUM : null,
    redisUrl: e.FOLIO_REDIS_URL ? e.FOLIO_REDIS_URL : null,
    jobIntervalScale: e.FOLIO_JOB_INTERVAL_SCALE,
    storage: storageSetting(env),
  };
  return { ...config, ...overrides };
}

export interface PasswordHashCost {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Argon2id for login and visit passwords: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export const PRODUCTION_PASSWORD_HASH: PasswordHashCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The cost Argon2id hashes with. FOLIO_PASSWORD_HASH=fast takes the smallest Argon2 allows, for the
 * test suite, which hashes a password for every user it makes (vitest.config.ts sets it). Not a setting
 * for operators, so not in EnvSchema or docs/configuration.md, and obeyed only under NODE_ENV=test:
 * a stray variable on a server cannot weaken its hashes.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): PasswordHashCost {
  if (env.FOLIO_PASSWORD_HASH === 'fast' && env.NODE_ENV === 'test') return { memoryCost: 8, timeCost: 1, parallelism: 1 };
  return PRODUCTION_PASSWORD_HASH;
}

/** `true`, a hop count, or a comma list of proxy addresses / CIDRs, as Fastify's trustProxy takes. */
function parseTrustProxy(value: string | undefined): boolean | string | number {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function validTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new Error(`Invalid configuration: unknown time zone ${tz}`);
  }
}

/** A bad FOLIO_STORAGE stops the start with the reason, like any other invalid setting. */
function storageSetting(env: NodeJS.ProcessEnv): StorageSetting {
  try {
    return parseStorageUrl(env);
  } catch (error) {
    if (error instanceof BadStorageSetting) throw new Error(`Invalid configuration: ${error.message}`, { cause: error });
    throw error;
  }
}
