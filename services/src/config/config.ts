import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: readonly string[]) =>
  optionalString.pipe(
    z
      .url({ message: `must be a URL (${protocols.join(', ')})` })
      .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
        message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );

const port = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must be between 0 and 65535' })
  .max(65535, { message: 'must be between 0 and 65535' });

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    EMBEDDED_POSTGRES_PORT: port.default(54329),
    JWT_SECRET: optionalString.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+\s*(s|m|h|d)$/, { message: 'must be a duration such as 7d, 12h or 30m' })
      .default('7d'),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Fanmission <no-reply@fanmission.local>'),
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).default('admin@fanmission.local'),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, { message: 'must be at least 8 characters' }).optional()),
    TEMPORAL_ADDRESS: optionalString,
    TEMPORAL_NAMESPACE: z.string().default('default'),
    KAFKA_BROKERS: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_DATA: z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production') {
      for (const key of ['JWT_SECRET', 'PUBLIC_URL', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SMTP_URL'] as const) {
        if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
    }
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig extends Omit<RawConfig, 'JWT_SECRET' | 'PUBLIC_URL' | 'ADMIN_PASSWORD' | 'KAFKA_BROKERS'> {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  ADMIN_PASSWORD: string;
  KAFKA_BROKERS: string[];
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment. Development defaults make the embedded mode work with no variable set;
 * production requires the secrets. The first bad variable stops start-up with one line naming it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const value = env[variable];
    const problem = issue.code === 'invalid_value' ? `must be one of ${issue.values.join(', ')}` : issue.message;
    throw new ConfigError(variable, value === undefined ? problem : `${problem} (got "${value}")`);
  }
  const raw = result.data;
  return {
    ...raw,
    JWT_SECRET: raw.JWT_SECRET ?? 'development-only-secret-change-me-in-production-0123456789',
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    ADMIN_PASSWORD: raw.ADMIN_PASSWORD ?? 'fanmission-admin1',
    KAFKA_BROKERS: (raw.KAFKA_BROKERS ?? '')
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
    isProduction: raw.NODE_ENV === 'production',
  };
}
