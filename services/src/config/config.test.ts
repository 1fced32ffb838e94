import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('works with no variable set (embedded mode)', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.KAFKA_BROKERS).toEqual([]);
    expect(config.DATA_DIR).toMatch(/\.data$/);
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
    };

    it('accepts secrets of its own', () => {
      expect(loadConfig(production).isProduction).toBe(true);
    });

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
      ['PAYMENT_CARD_PROVIDER', 'sandbox', /PAYMENT_CARD_PROVIDER cannot be the sandbox provider in production/],
      ['PAYMENT_PAYPAL_PROVIDER', 'sandbox', /PAYMENT_PAYPAL_PROVIDER cannot be the sandbox provider in production/],
    ])('refuses %s=%s with one line naming it', (key, value, message) => {
      expect(() => loadConfig({ ...production, [key]: value })).toThrow(message);
    });

    it('allows the sandbox and the development defaults outside production', () => {
      const config = loadConfig({ PAYMENT_CARD_PROVIDER: 'sandbox', ADMIN_PASSWORD: 'fanmission-admin1' });
      expect(config.PAYMENT_CARD_PROVIDER).toBe('sandbox');
    });
  });

  it('splits the Kafka brokers and trims PUBLIC_URL', () => {
    const config = loadConfig({ KAFKA_BROKERS: 'a:9092, b:9092', PUBLIC_URL: 'https://fanmission.kr/' });
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
    expect(config.PUBLIC_URL).toBe('https://fanmission.kr');
  });
});
