import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANKS } from '@fanmission/contracts';
import { z } from 'zod';

/** The demo's receiving account for bank deposits (docs/configuration.md): to be replaced by the platform's own. */
export const DEMO_BANK_DEPOSIT_ACCOUNT = {
  bankName: 'KB국민은행',
  accountNumber: '000000-00-000000',
  accountHolder: '(주)팬미션',
} as const;

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

/** `<count>/<window>` with the window in s, m, h or d: `20/1h` is 20 requests an hour. */
const rateLimitSetting = optionalString.pipe(
  z
    .string()
    .regex(/^[1-9]\d*\/[1-9]\d*[smhd]$/, { message: 'must be <count>/<window> such as 20/1h or 10/1m' })
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
    /**
     * The address the API (and the metrics listeners) listen on. Unset: every interface in production (a container's
     * port mapping decides what is reachable), the loopback otherwise, so that a development server (demo accounts
     * with published passwords, the sandbox payment provider, the development mailbox) is not on the network.
     */
    HOST: optionalString,
    DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
    /** Folder of the local-disk file store (uploads); DATA_DIR/files when unset. */
    STORAGE_DIR: optionalString,
    /** An S3-compatible store instead of local disk: used when S3_ENDPOINT and S3_BUCKET are set. */
    S3_ENDPOINT: optionalUrl(['https', 'http']),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Public base URL of the bucket's objects (website endpoint or CDN); the path-style bucket URL when unset. */
    S3_PUBLIC_URL: optionalUrl(['https', 'http']),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    /** Often-sent statements as prepared statements (services/src/db/prepared-statements.ts); false behind a pooler
     * that hands each transaction another server connection (PgBouncer in transaction mode). */
    DATABASE_PREPARED_STATEMENTS: z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    EMBEDDED_POSTGRES_PORT: port.default(54329),
    JWT_SECRET: optionalString.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+\s*(s|m|h|d)$/, { message: 'must be a duration such as 7d, 12h or 30m' })
      .default('7d'),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    /**
     * The trace UI (Jaeger) the console links a mission's or a coin transaction's trace to, as
     * `<TRACE_UI_URL>/trace/<traceId>`; unset: no links. Traces are exported when OTEL_EXPORTER_OTLP_ENDPOINT is set.
     */
    TRACE_UI_URL: optionalUrl(['http', 'https']),
    /**
     * The proxies in front of the API whose X-Forwarded-For is believed: a hop count (`1`) or comma-separated
     * addresses/CIDRs (`10.0.0.0/8,127.0.0.1`). Unset: none, the client address is the connection's.
     */
    TRUST_PROXY: optionalString,
    RATE_LIMIT_LOGIN: rateLimitSetting,
    RATE_LIMIT_SIGNUP: rateLimitSetting,
    RATE_LIMIT_PASSWORD_RESET: rateLimitSetting,
    RATE_LIMIT_MAIL: rateLimitSetting,
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Fanmission <no-reply@fanmission.local>'),
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).default('admin@fanmission.local'),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, { message: 'must be at least 8 characters' }).optional()),
    // Social sign-in. A provider is offered only when its client id is set; the endpoints default to the real ones.
    OAUTH_GOOGLE_CLIENT_ID: optionalString,
    OAUTH_GOOGLE_CLIENT_SECRET: optionalString,
    OAUTH_GOOGLE_AUTHORIZE_URL: optionalUrl(['https', 'http']).transform(
      (value) => value ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    ),
    OAUTH_GOOGLE_TOKEN_URL: optionalUrl(['https', 'http']).transform(
      (value) => value ?? 'https://oauth2.googleapis.com/token',
    ),
    OAUTH_GOOGLE_USERINFO_URL: optionalUrl(['https', 'http']).transform(
      (value) => value ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    ),
    OAUTH_FACEBOOK_CLIENT_ID: optionalString,
    OAUTH_FACEBOOK_CLIENT_SECRET: optionalString,
    OAUTH_FACEBOOK_AUTHORIZE_URL: optionalUrl(['https', 'http']).transform(
      (value) => value ?? 'https://www.facebook.com/v21.0/dialog/oauth',
    ),
    OAUTH_FACEBOOK_TOKEN_URL: optionalUrl(['https', 'http']).transform(
      (value) => value ?? 'https://graph.facebook.com/v21.0/oauth/access_token',
    ),
    OAUTH_FACEBOOK_USERINFO_URL: optionalUrl(['https', 'http']).transform(
      (value) => value ?? 'https://graph.facebook.com/v21.0/me?fields=id,name,email',
    ),
    OAUTH_FACEBOOK_EMAIL_VERIFIED: z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    APPLE_CLIENT_ID: optionalString,
    APPLE_JWKS_URL: optionalUrl(['https', 'http']).transform((value) => value ?? 'https://appleid.apple.com/auth/keys'),
    APPLE_ISSUER: z.string().trim().min(1).default('https://appleid.apple.com'),
    // Coin payments. kakaopay and card go to the card provider, paypal to the PayPal provider. Unset, each is the real
    // provider when its secret is set, else the local sandbox checkout (outside production; unavailable in it).
    PAYMENT_CARD_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'portone']).optional()),
    PAYMENT_PAYPAL_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'paypal']).optional()),
    PORTONE_API_URL: optionalUrl(['https', 'http']).transform((value) => value ?? 'https://api.portone.io'),
    PORTONE_API_SECRET: optionalString,
    /** The merchant code the client's checkout needs (PortOne V2 store id), answered by GET /payment/imp-code. */
    PORTONE_STORE_ID: optionalString,
    PORTONE_CHANNEL_KEY: optionalString,
    // The identity verification (본인인증) that proves a member an adult: PortOne's, or the local sandbox page. Unset,
    // PortOne once its secret and identity channel key are set, else the sandbox (outside production; none in it).
    IDENTITY_VERIFICATION_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'portone']).optional()),
    // The account-holder look-up (예금주 조회) that verifies a creator's payout account: only the local sandbox exists
    // (deterministic test accounts, docs/configuration.md). Unset, the sandbox outside production; none in it (every
    // new account stays UNVERIFIED and its statements held until a real provider is added).
    PAYOUT_HOLDER_LOOKUP_PROVIDER: optionalString.pipe(z.enum(['sandbox']).optional()),
    // The business registry look-up (국세청 사업자등록 상태조회) that checks a creator's business registration number:
    // only the local sandbox exists (its test numbers: services/src/creators/business-registry.ts). Unset, the sandbox
    // outside production; none in it (a business registration cannot be declared until a real provider is added).
    BUSINESS_REGISTRY_PROVIDER: optionalString.pipe(z.enum(['sandbox']).optional()),
    /** How often the background check takes the payout accounts due (queued, or a failed look-up to retry). */
    PAYOUT_HOLDER_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    // The cash-receipt API (현금영수증 발급) that issues a confirmed bank deposit's cash receipt: only the local sandbox
    // exists (deterministic test numbers, docs/rules/coins.md). Unset, the sandbox outside production; none in it
    // (receipts stay PENDING, shown to finance, until a real provider is added).
    CASH_RECEIPT_PROVIDER: optionalString.pipe(z.enum(['sandbox']).optional()),
    /** How often the background issuance takes the cash receipts due (confirmed, or a failed issuance to retry). */
    CASH_RECEIPT_ISSUE_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    /** The channel key of PortOne's identity verification channel (a channel of its own, apart from payments'). */
    PORTONE_IDENTITY_CHANNEL_KEY: optionalString,
    // The key of the HMAC kept of an identity check's CI (one person verifies one account); JWT_SECRET when unset, so
    // set it before JWT_SECRET is ever rotated (a new key forgets which accounts share a person).
    IDENTITY_CI_HMAC_KEY: optionalString.pipe(
      z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
    ),
    /** PortOne V2 webhook secret (`whsec_…`): POST /payment/webhooks/portone verifies signatures with it. */
    PORTONE_WEBHOOK_SECRET: optionalString,
    PAYPAL_WEBHOOK_ID: optionalString,
    /**
     * The platform's account a member pays a bank-deposit request into, told to him with the amount and the deadline
     * (on the request's confirmation, in his pending charges and by mail). The defaults are the demo's, not an account.
     */
    BANK_DEPOSIT_BANK_NAME: z
      .string()
      .trim()
      .default(DEMO_BANK_DEPOSIT_ACCOUNT.bankName)
      .refine((name) => BANKS.some((bank) => bank.ko === name), {
        message: 'must be a Korean bank name of the list of banks',
      }),
    BANK_DEPOSIT_ACCOUNT_NUMBER: z.string().trim().min(1).default(DEMO_BANK_DEPOSIT_ACCOUNT.accountNumber),
    BANK_DEPOSIT_ACCOUNT_HOLDER: z.string().trim().min(1).default(DEMO_BANK_DEPOSIT_ACCOUNT.accountHolder),
    /** Hours a member has to pay a bank-deposit request from when he asked. */
    BANK_DEPOSIT_DUE_HOURS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
    /** How often the API re-checks unsettled payment orders with their provider, in seconds. */
    PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    PAYPAL_API_URL: optionalUrl(['https', 'http']).transform((value) => value ?? 'https://api-m.paypal.com'),
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().positive().default(10_000),
    /**
     * Web push's VAPID key pair (base64url; `npx web-push generate-vapid-keys` makes one): the push services know the
     * sender by the public key, which browsers subscribe with. Required in production; `npm start` generates a pair
     * once into DATA_DIR/web-push-vapid.json. Unset outside production: no push is sent.
     */
    WEB_PUSH_VAPID_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be a base64url P-256 public key (87 characters)' })
        .optional(),
    ),
    WEB_PUSH_VAPID_PRIVATE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a base64url P-256 private key (43 characters)' })
        .optional(),
    ),
    /** Whom a push service contacts about our messages: `mailto:` an address, or an https page; required in production. */
    WEB_PUSH_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, { message: 'must be mailto:<address> or an https:// URL' })
        .optional(),
    ),
    // KakaoTalk 알림톡 through Solapi (services/src/alimtalk). Unset, Solapi once its key, secret and channel are set,
    // else the local sandbox outside production; in production without them the channel is off.
    ALIMTALK_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'solapi']).optional()),
    SOLAPI_API_URL: optionalUrl(['https', 'http']).transform((value) => value ?? 'https://api.solapi.com'),
    SOLAPI_API_KEY: optionalString,
    SOLAPI_API_SECRET: optionalString,
    /** The KakaoTalk channel's sender profile id at Solapi (`KA01PF…`). */
    SOLAPI_KAKAO_PFID: optionalString,
    /** The registered sender number Solapi requires with every message (digits). */
    SOLAPI_SENDER_NUMBER: optionalString.pipe(
      z
        .string()
        .regex(/^\d{8,12}$/, { message: 'must be a phone number of 8 to 12 digits' })
        .optional(),
    ),
    /**
     * The template ids Kakao gave each of our templates once approved, as JSON `{ "FM_MISSION_ACCEPTED_KO":
     * "KA01TP…" }` (docs/alimtalk-templates.md lists ours); a template without one is sent under its own code.
     */
    ALIMTALK_TEMPLATE_IDS: optionalString.pipe(
      z
        .string()
        .transform((value, context) => {
          try {
            const parsed: unknown = JSON.parse(value);
            if (parsed && typeof parsed === 'object' && Object.values(parsed).every((id) => typeof id === 'string')) {
              return parsed as Record<string, string>;
            }
          } catch {
            // Reported below.
          }
          context.addIssue({ code: 'custom', message: 'must be a JSON object of template codes to template ids' });
          return z.NEVER;
        })
        .optional(),
    ),
    TEMPORAL_ADDRESS: optionalString,
    TEMPORAL_NAMESPACE: z.string().default('default'),
    TEMPORAL_CLI_PATH: optionalString,
    TEMPORAL_DEV_PORT: port.default(7233),
    TEMPORAL_UI_PORT: port.default(8233),
    /**
     * How far (Linux nice, 0-19) deferrable work yields the CPU to the API on a machine they share: the `--role worker`
     * process and the local Temporal dev server. A fan's answer waits on the CPU; a committed mission's workflow
     * start can wait a little. 0 keeps them at the API's priority.
     */
    BACKGROUND_NICE: z.coerce.number({ message: 'must be a number' }).int().min(0).max(19).default(10),
    KAFKA_BROKERS: optionalString,
    /**
     * Days an outbox day is kept before the daily data maintenance drops it (once every consumer has passed it, or
     * every row is published); services/src/retention/outbox-partitions.ts.
     */
    OUTBOX_RETENTION_DAYS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(365).default(7),
    /** Hours a staff approval request may wait for its checker; approved later, it runs nothing (services/src/approvals). */
    APPROVAL_EXPIRY_HOURS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(2_160).default(168),
    /** A free-coin grant of more coins than this in all waits for a second finance member; 0 sends every grant. */
    BONUS_GRANT_APPROVAL_ABOVE_COINS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(1_000),
    /** A payment cancelled at its provider, or a refund marked paid, worth more won than this waits for a checker. */
    APPROVAL_ABOVE_WON: z.coerce.number({ message: 'must be a number' }).int().min(0).default(100_000),
    /** The platform's free coins granted per Korea day and per Korea month at most (services/src/coins/bonus-grants.ts). */
    BONUS_GRANT_DAILY_CAP_COINS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(100_000),
    BONUS_GRANT_MONTHLY_CAP_COINS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(1_000_000),
    /**
     * How long a page of `GET /missions/page` answered to a visitor (no session: the same page for every visitor) is
     * kept and answered again; 0 reads each time.
     */
    /** The live notification streams one member, and one client address, may hold open on one API process. */
    NOTIFICATION_STREAMS_PER_MEMBER: z.coerce.number({ message: 'must be a number' }).int().min(1).default(5),
    NOTIFICATION_STREAMS_PER_ADDRESS: z.coerce.number({ message: 'must be a number' }).int().min(1).default(20),
    // Mails of comment and reply notices per hour: to one recipient, and caused by one sender (the rest are grouped).
    NOTICE_MAILS_PER_RECIPIENT_PER_HOUR: z.coerce.number({ message: 'must be a number' }).int().min(1).default(3),
    NOTICE_MAILS_PER_SENDER_PER_HOUR: z.coerce.number({ message: 'must be a number' }).int().min(1).default(10),
    NOTICES_PER_RECIPIENT_PER_HOUR: z.coerce.number({ message: 'must be a number' }).int().min(1).default(20),
    NOTICES_PER_SENDER_PER_HOUR: z.coerce.number({ message: 'must be a number' }).int().min(1).default(30),
    // Codes sent by SMS to confirm a mobile number per 24 hours: to one member, and to one number (whoever asks).
    PHONE_CODES_PER_MEMBER_PER_DAY: z.coerce.number({ message: 'must be a number' }).int().min(1).default(5),
    PHONE_CODES_PER_NUMBER_PER_DAY: z.coerce.number({ message: 'must be a number' }).int().min(1).default(10),
    // Comments and replies one member posts within a minute and within an hour (429 past either).
    COMMENTS_PER_MEMBER_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int().min(1).default(5),
    COMMENTS_PER_MEMBER_PER_HOUR: z.coerce.number({ message: 'must be a number' }).int().min(1).default(30),
    VISITOR_PAGE_CACHE_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(5_000),
    /** How long one reading of the event pipeline serves /api/v1/health and /metrics; 0 reads each time. */
    HEALTH_CACHE_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(5_000),
    /** When set, GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; required in production. */
    METRICS_TOKEN: optionalString,
    /**
     * The worker and relay roles serve GET /metrics (their process registry) on this port, on HOST; unset, they serve
     * none. The API (and `all`) serve theirs on PORT.
     */
    METRICS_PORT: port.optional(),
    /** The ffmpeg and ffprobe executables (video poster frames, media durations); Debian's by default. */
    FFMPEG_PATH: optionalString.transform((value) => value ?? '/usr/bin/ffmpeg'),
    FFPROBE_PATH: optionalString.transform((value) => value ?? '/usr/bin/ffprobe'),
    /**
     * The longest video and audio upload converted, in seconds (a longer one is refused before decoding), and the
     * fixed time one transcode may take before it is killed and its file failed (docs/rules/files.md).
     */
    MEDIA_MAX_VIDEO_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .default(20 * 60),
    MEDIA_MAX_AUDIO_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .default(30 * 60),
    MEDIA_TRANSCODE_TIMEOUT_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(10)
      .default(60 * 60),
    /**
     * The memory ceiling of one ffmpeg/ffprobe run (media-probe.ts, docs/rules/files.md): its address space in MiB
     * (libraries, thread stacks and heap alike) and the largest single block it may allocate (`-max_alloc`) in MiB.
     */
    MEDIA_TOOL_MEMORY_MB: z.coerce.number({ message: 'must be a number' }).int().min(512).default(3072),
    MEDIA_TOOL_MAX_ALLOC_MB: z.coerce.number({ message: 'must be a number' }).int().min(1).default(256),
    /** How many of one member's files the media queue converts at once, across every process (media-queue.ts). */
    MEDIA_QUEUE_PER_MEMBER: z.coerce.number({ message: 'must be a number' }).int().min(1).default(1),
    /** espeak-ng, which speaks the demo world's voice answers (scripts/infra/espeak-ng.ts); Debian's by default. */
    ESPEAK_NG_PATH: optionalString.transform((value) => value ?? '/usr/bin/espeak-ng'),
    /** Git-ignored cache of what the scripts download or build, and of the demo world's generated media. */
    FANMISSION_CACHE_DIR: z.string().default(path.join(REPO_ROOT, '.cache')),
    /** A CJK font file for statement PDFs; unset, the first of Debian's Noto CJK fonts found is used. */
    STATEMENT_FONT_PATH: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_DATA: z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * Continuous backup of the embedded database (services/src/backup): its WAL archived into BACKUP_DIR, a base
     * backup every BACKUP_INTERVAL_HOURS. `false` turns both off (the archive already written is left alone).
     */
    BACKUP_ENABLED: z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    /** Barman's home: base backups and archived WAL; DATA_DIR/backup when unset. */
    BACKUP_DIR: optionalString,
    /** The recovery point: a WAL segment with any write in it is archived at most this many seconds after it began. */
    BACKUP_ARCHIVE_TIMEOUT_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be between 1 and 60' })
      .max(60, { message: 'must be between 1 and 60' })
      .default(60),
    /** Hours between two scheduled base backups. */
    BACKUP_INTERVAL_HOURS: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .max(24 * 7)
      .default(24),
    /** The recovery window: base backups and WAL older than needed to restore any moment of these days are expired. */
    BACKUP_RETENTION_DAYS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3_650).default(7),
    /** Barman's executable (scripts/infra/barman.ts installs it; `npm start` and the backup scripts set it). */
    BARMAN_PATH: optionalString,
    /** rsync, which copies the data directory and hands each WAL segment to Barman; Debian's by default. */
    RSYNC_PATH: optionalString.transform((value) => value ?? '/usr/bin/rsync'),
  })
  .superRefine((config, context) => {
    // A key pair or nothing: one key alone signs nothing a push service accepts.
    if (!config.WEB_PUSH_VAPID_PUBLIC_KEY !== !config.WEB_PUSH_VAPID_PRIVATE_KEY) {
      const missing = config.WEB_PUSH_VAPID_PUBLIC_KEY ? 'WEB_PUSH_VAPID_PRIVATE_KEY' : 'WEB_PUSH_VAPID_PUBLIC_KEY';
      context.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key' });
    }
    if (config.NODE_ENV !== 'production') return;
    for (const key of [
      'JWT_SECRET',
      'PUBLIC_URL',
      'DATABASE_URL',
      'ADMIN_PASSWORD',
      'SMTP_URL',
      'METRICS_TOKEN',
      'WEB_PUSH_VAPID_PUBLIC_KEY',
      'WEB_PUSH_VAPID_PRIVATE_KEY',
      'WEB_PUSH_SUBJECT',
    ] as const) {
      if (!config[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    const refuse = (key: string, message: string) => context.addIssue({ code: 'custom', path: [key], message });
    if (config.JWT_SECRET && PUBLISHED_SECRETS.has(config.JWT_SECRET)) {
      refuse('JWT_SECRET', 'is a value published with this project; set a secret of your own in production');
    }
    if (config.ADMIN_PASSWORD) {
      if (PUBLISHED_SECRETS.has(config.ADMIN_PASSWORD)) {
        refuse('ADMIN_PASSWORD', 'is a value published with this project; set a password of your own in production');
      } else if (config.ADMIN_PASSWORD.length < MIN_PRODUCTION_PASSWORD_LENGTH) {
        refuse('ADMIN_PASSWORD', `must be at least ${MIN_PRODUCTION_PASSWORD_LENGTH} characters in production`);
      }
    }
    // /metrics tells business volumes, payment outcomes and console activity: only the scraper may read it.
    if (config.METRICS_TOKEN) {
      if (PUBLISHED_SECRETS.has(config.METRICS_TOKEN)) {
        refuse('METRICS_TOKEN', 'is a value published with this project; set a token of your own in production');
      } else if (config.METRICS_TOKEN.length < MIN_METRICS_TOKEN_LENGTH) {
        refuse('METRICS_TOKEN', `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters in production`);
      }
    }
    const databasePassword = config.DATABASE_URL && passwordOf(config.DATABASE_URL);
    if (databasePassword && PUBLISHED_SECRETS.has(databasePassword)) {
      refuse('DATABASE_URL', 'carries a password published with this project; set one of your own in production');
    }
    // Members pay bank deposits into the account they are told: never the demo's, which nobody holds.
    if (config.BANK_DEPOSIT_ACCOUNT_NUMBER === DEMO_BANK_DEPOSIT_ACCOUNT.accountNumber) {
      refuse('BANK_DEPOSIT_ACCOUNT_NUMBER', "is the demo's; set the platform's receiving account in production");
    }
    // The sandbox approves any payment its caller asks it to (free coins), and any birth date typed into its identity
    // check (every member an adult), if it were reachable in production.
    // The holder look-up's sandbox would verify any account against the holder its creator typed.
    // The business registry's sandbox knows only its test numbers.
    // The cash-receipt sandbox would tell fans a receipt was issued that the tax service never saw.
    const sandboxed = [
      'PAYMENT_CARD_PROVIDER',
      'PAYMENT_PAYPAL_PROVIDER',
      'IDENTITY_VERIFICATION_PROVIDER',
      'PAYOUT_HOLDER_LOOKUP_PROVIDER',
      'BUSINESS_REGISTRY_PROVIDER',
      'CASH_RECEIPT_PROVIDER',
    ] as const;
    for (const key of sandboxed) {
      if (config[key] === 'sandbox') refuse(key, 'cannot be the sandbox provider in production');
    }
    // The 알림톡 sandbox would tell members their messages went while none did.
    if (config.ALIMTALK_PROVIDER === 'sandbox')
      refuse('ALIMTALK_PROVIDER', 'cannot be the sandbox provider in production');
    if (config.ALIMTALK_PROVIDER === 'solapi') {
      for (const key of ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_KAKAO_PFID', 'SOLAPI_SENDER_NUMBER'] as const) {
        if (!config[key]) refuse(key, 'is required for ALIMTALK_PROVIDER=solapi');
      }
    }
  });

/**
 * Secrets that appear in this repository (development defaults, the compose file's former defaults and the
 * README's examples): anybody can read them, so production refuses them.
 */
const PUBLISHED_SECRETS = new Set([
  'development-only-secret-change-me-in-production-0123456789',
  'development-only-jwt-secret-change-me-0123456789',
  'fanmission-admin1',
  'fanmission-dev-password',
  'fanmission',
  'change-me',
  'changeme',
]);
const MIN_PRODUCTION_PASSWORD_LENGTH = 12;
/** The first console account's password outside production when ADMIN_PASSWORD is unset (the README names it). */
export const DEVELOPMENT_ADMIN_PASSWORD = 'fanmission-admin1';
const MIN_METRICS_TOKEN_LENGTH = 16;

function passwordOf(databaseUrl: string): string | undefined {
  try {
    return decodeURIComponent(new URL(databaseUrl).password) || undefined;
  } catch {
    return undefined;
  }
}

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig extends Omit<
  RawConfig,
  'HOST' | 'JWT_SECRET' | 'PUBLIC_URL' | 'ADMIN_PASSWORD' | 'KAFKA_BROKERS' | 'BACKUP_DIR' | 'WEB_PUSH_SUBJECT'
> {
  /** WEB_PUSH_SUBJECT, or outside production `mailto:` ADMIN_EMAIL. */
  WEB_PUSH_SUBJECT: string;
  HOST: string;
  /** An absolute path: PostgreSQL's archive_command runs in its data directory. */
  BACKUP_DIR: string;
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
    HOST: raw.HOST ?? (raw.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    JWT_SECRET: raw.JWT_SECRET ?? 'development-only-secret-change-me-in-production-0123456789',
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    ADMIN_PASSWORD: raw.ADMIN_PASSWORD ?? DEVELOPMENT_ADMIN_PASSWORD,
    WEB_PUSH_SUBJECT: raw.WEB_PUSH_SUBJECT ?? `mailto:${raw.ADMIN_EMAIL}`,
    KAFKA_BROKERS: (raw.KAFKA_BROKERS ?? '')
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
    BACKUP_DIR: path.resolve(raw.BACKUP_DIR ?? path.join(raw.DATA_DIR, 'backup')),
    isProduction: raw.NODE_ENV === 'production',
  };
}

/**
 * Which provider sends KakaoTalk 알림톡: the one configured; unset, Solapi once its key, secret, channel and sender
 * number are set, else the sandbox outside production and none (the channel off) in it.
 */
export function alimtalkProviderOf(config: AppConfig): 'solapi' | 'sandbox' | null {
  if (config.ALIMTALK_PROVIDER) return config.ALIMTALK_PROVIDER;
  const solapiReady =
    !!config.SOLAPI_API_KEY &&
    !!config.SOLAPI_API_SECRET &&
    !!config.SOLAPI_KAKAO_PFID &&
    !!config.SOLAPI_SENDER_NUMBER;
  if (solapiReady) return 'solapi';
  return config.NODE_ENV === 'production' ? null : 'sandbox';
}
