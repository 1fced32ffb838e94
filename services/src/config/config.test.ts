import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../push';
import { alimtalkProviderOf, ConfigError, loadConfig } from './config';

const vapid = generateVapidKeys();

describe('loadConfig', () => {
  it('works with no variable set (embedded mode)', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.KAFKA_BROKERS).toEqual([]);
    expect(config.DATA_DIR).toMatch(/\.data$/);
    // A development server (demo passwords, sandbox payments, the mailbox) listens on the loopback only.
    expect(config.HOST).toBe('127.0.0.1');
  });

  it('names the bad variable and what is wrong in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /^Invalid configuration: PORT must be a number \(got "eighty"\)$/,
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'nobody' })).toThrow(/ADMIN_EMAIL must be an e-mail address/);
  });

  it('backs the embedded database up into DATA_DIR/backup with a recovery point of at most 60 s', () => {
    const config = loadConfig({ DATA_DIR: 'relative-data' });
    expect(config.BACKUP_ENABLED).toBe(true);
    // Absolute: PostgreSQL runs its archive_command in its own data directory.
    expect(config.BACKUP_DIR).toBe(path.resolve('relative-data', 'backup'));
    expect(config.BACKUP_ARCHIVE_TIMEOUT_SECONDS).toBe(60);
    expect(loadConfig({ BACKUP_DIR: '/srv/archive', BACKUP_ENABLED: 'false' })).toMatchObject({
      BACKUP_DIR: '/srv/archive',
      BACKUP_ENABLED: false,
    });
    expect(() => loadConfig({ BACKUP_ARCHIVE_TIMEOUT_SECONDS: '300' })).toThrow(
      /BACKUP_ARCHIVE_TIMEOUT_SECONDS must be between 1 and 60/,
    );
  });

  it('requires the secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required in production/);
  });

  describe('production refuses published or weak secrets and the sandbox', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-secret-nobody-has-seen-before-9f3a7c1e5b',
      ADMIN_PASSWORD: 'a long admin passphrase',
      PUBLIC_URL: 'https://fanmission.example',
      DATABASE_URL: 'postgres://fanmission:s3cret-of-our-own@db:5432/fanmission',
      SMTP_URL: 'smtp://mail:25',
      METRICS_TOKEN: 'a-scrape-token-of-our-own',
      BANK_DEPOSIT_ACCOUNT_NUMBER: '123456-01-234567',
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_SUBJECT: 'mailto:ops@fanmission.example',
    };

    it('accepts secrets of its own, and listens on every interface unless HOST says otherwise', () => {
      expect(loadConfig(production).isProduction).toBe(true);
      expect(loadConfig(production).HOST).toBe('0.0.0.0');
      expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
    });

    it('requires METRICS_TOKEN (metrics tell volumes, payment outcomes and console activity)', () => {
      expect(() => loadConfig({ ...production, METRICS_TOKEN: undefined })).toThrow(
        /^Invalid configuration: METRICS_TOKEN is required in production$/,
      );
    });

    it.each(['WEB_PUSH_VAPID_PUBLIC_KEY', 'WEB_PUSH_VAPID_PRIVATE_KEY', 'WEB_PUSH_SUBJECT'])(
      'requires %s (web push signs every message with the pair, and names whom to contact)',
      (key) => {
        const { [key as 'WEB_PUSH_SUBJECT']: _left, ...rest } = production;
        expect(() => loadConfig(rest)).toThrow(new RegExp(`^Invalid configuration: ${key} is required`));
      },
    );

    it.each([
      [
        'JWT_SECRET',
        'development-only-jwt-secret-change-me-0123456789',
        /^Invalid configuration: JWT_SECRET is a value published/,
      ],
      ['JWT_SECRET', 'development-only-secret-change-me-in-production-0123456789', /JWT_SECRET is a value published/],
      ['JWT_SECRET', 'too-short', /JWT_SECRET must be at least 32 characters/],
      ['ADMIN_PASSWORD', 'fanmission-admin1', /^Invalid configuration: ADMIN_PASSWORD is a value published/],
      ['ADMIN_PASSWORD', 'short-pass', /ADMIN_PASSWORD must be at least 12 characters in production/],
      [
        'DATABASE_URL',
        'postgres://fanmission:fanmission-dev-password@db/fanmission',
        /DATABASE_URL carries a password published/,
      ],
      ['METRICS_TOKEN', 'change-me', /METRICS_TOKEN is a value published/],
      ['METRICS_TOKEN', 'short-token', /METRICS_TOKEN must be at least 16 characters in production/],
      ['PAYMENT_CARD_PROVIDER', 'sandbox', /PAYMENT_CARD_PROVIDER cannot be the sandbox provider in production/],
      ['PAYMENT_PAYPAL_PROVIDER', 'sandbox', /PAYMENT_PAYPAL_PROVIDER cannot be the sandbox provider in production/],
      [
        'BANK_DEPOSIT_ACCOUNT_NUMBER',
        '000000-00-000000',
        /^Invalid configuration: BANK_DEPOSIT_ACCOUNT_NUMBER is the demo's; set the platform's receiving account/,
      ],
    ])('refuses %s=%s with one line naming it', (key, value, message) => {
      expect(() => loadConfig({ ...production, [key]: value })).toThrow(message);
    });

    it('runs KakaoTalk 알림톡 through Solapi once its keys are set, else not at all; never the sandbox', () => {
      expect(alimtalkProviderOf(loadConfig(production))).toBeNull();
      const solapi = {
        SOLAPI_API_KEY: 'NCSKEY',
        SOLAPI_API_SECRET: 'secret',
        SOLAPI_KAKAO_PFID: 'KA01PF1',
        SOLAPI_SENDER_NUMBER: '0215880000',
        ALIMTALK_TEMPLATE_IDS: '{"FM_MISSION_ACCEPTED_KO":"KA01TP1"}',
      };
      const configured = loadConfig({ ...production, ...solapi });
      expect(alimtalkProviderOf(configured)).toBe('solapi');
      expect(configured.ALIMTALK_TEMPLATE_IDS).toEqual({ FM_MISSION_ACCEPTED_KO: 'KA01TP1' });
      expect(() => loadConfig({ ...production, ALIMTALK_PROVIDER: 'sandbox' })).toThrow(
        /ALIMTALK_PROVIDER cannot be the sandbox provider in production/,
      );
      expect(() => loadConfig({ ...production, ALIMTALK_PROVIDER: 'solapi' })).toThrow(
        /SOLAPI_API_KEY is required for ALIMTALK_PROVIDER=solapi/,
      );
      expect(() => loadConfig({ ...production, ...solapi, ALIMTALK_TEMPLATE_IDS: '[1]' })).toThrow(
        /ALIMTALK_TEMPLATE_IDS must be a JSON object of template codes to template ids/,
      );
      expect(() => loadConfig({ ...production, ...solapi, SOLAPI_SENDER_NUMBER: '02-1588-0000' })).toThrow(
        /SOLAPI_SENDER_NUMBER must be a phone number of 8 to 12 digits/,
      );
      // Outside production without the keys: the sandbox.
      expect(alimtalkProviderOf(loadConfig({}))).toBe('sandbox');
    });

    it('allows the sandbox and the development defaults outside production', () => {
      const config = loadConfig({ PAYMENT_CARD_PROVIDER: 'sandbox', ADMIN_PASSWORD: 'fanmission-admin1' });
      expect(config.PAYMENT_CARD_PROVIDER).toBe('sandbox');
    });
  });

  it('takes the bank-deposit receiving account (the demo’s by default), the bank by a name of the list', () => {
    expect(loadConfig({})).toMatchObject({
      BANK_DEPOSIT_BANK_NAME: 'KB국민은행',
      BANK_DEPOSIT_ACCOUNT_NUMBER: '000000-00-000000',
      BANK_DEPOSIT_ACCOUNT_HOLDER: '(주)팬미션',
      BANK_DEPOSIT_DUE_HOURS: 72,
    });
    const own = loadConfig({
      BANK_DEPOSIT_BANK_NAME: '카카오뱅크',
      BANK_DEPOSIT_ACCOUNT_NUMBER: '3333-01-2345678',
      BANK_DEPOSIT_ACCOUNT_HOLDER: '팬미션 주식회사',
      BANK_DEPOSIT_DUE_HOURS: '24',
    });
    expect(own).toMatchObject({ BANK_DEPOSIT_BANK_NAME: '카카오뱅크', BANK_DEPOSIT_DUE_HOURS: 24 });
    expect(() => loadConfig({ BANK_DEPOSIT_BANK_NAME: 'Bank of Nowhere' })).toThrow(
      /BANK_DEPOSIT_BANK_NAME must be a Korean bank name of the list of banks/,
    );
  });

  it('splits the Kafka brokers and trims PUBLIC_URL', () => {
    const config = loadConfig({ KAFKA_BROKERS: 'a:9092, b:9092', PUBLIC_URL: 'https://fanmission.kr/' });
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
    expect(config.PUBLIC_URL).toBe('https://fanmission.kr');
  });
});

describe('web push configuration', () => {
  it('takes a key pair and a subject, and outside production names the operator’s address by default', () => {
    const config = loadConfig({
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      ADMIN_EMAIL: 'ops@fanmission.example',
    });
    expect(config.WEB_PUSH_VAPID_PUBLIC_KEY).toBe(vapid.publicKey);
    expect(config.WEB_PUSH_SUBJECT).toBe('mailto:ops@fanmission.example');
    expect(loadConfig({}).WEB_PUSH_VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it('refuses one key without the other, a key that is none, and a subject that is no mailto: or https URL', () => {
    expect(() => loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
      /^Invalid configuration: WEB_PUSH_VAPID_PRIVATE_KEY is required with the other VAPID key$/,
    );
    expect(() =>
      loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: 'short', WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey }),
    ).toThrow(/WEB_PUSH_VAPID_PUBLIC_KEY must be a base64url P-256 public key/);
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'http://fanmission.example' })).toThrow(
      /WEB_PUSH_SUBJECT must be mailto:<address> or an https:\/\/ URL/,
    );
  });
});
