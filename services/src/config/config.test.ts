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

  it('splits the Kafka brokers and trims PUBLIC_URL', () => {
    const config = loadConfig({ KAFKA_BROKERS: 'a:9092, b:9092', PUBLIC_URL: 'https://fanmission.kr/' });
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
    expect(config.PUBLIC_URL).toBe('https://fanmission.kr');
  });
});
