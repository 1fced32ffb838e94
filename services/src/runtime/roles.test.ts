import { describe, expect, it } from 'vitest';
import { parseRole } from './roles';

describe('parseRole', () => {
  it('defaults to all and reads both spellings', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role', 'worker'])).toBe('worker');
    expect(parseRole(['--role=relay'])).toBe('relay');
  });
  it('refuses unknown roles', () => {
    expect(() => parseRole(['--role', 'cron'])).toThrow(/Unknown --role "cron"/);
  });
});
