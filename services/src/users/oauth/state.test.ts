import { describe, expect, it } from 'vitest';
import { readCookie, signState, STATE_TTL_MS, verifyState } from './state';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const NOW = new Date('2025-03-01T09:00:00Z');
const state = () =>
  signState(SECRET, {
    provider: 'google',
    redirectUri: 'http://localhost:8080/back',
    expiresAt: NOW.getTime() + STATE_TTL_MS,
    clientStateHash: 'hash-of-the-browser-state',
  });

describe('OAuth state', () => {
  it('round-trips and is different every time', () => {
    const value = state();
    expect(verifyState(SECRET, value, NOW)).toMatchObject({
      provider: 'google',
      redirectUri: 'http://localhost:8080/back',
    });
    expect(state()).not.toBe(value);
  });

  it('expires after ten minutes', () => {
    const value = state();
    expect(verifyState(SECRET, value, new Date(NOW.getTime() + STATE_TTL_MS - 1))).not.toBeNull();
    expect(verifyState(SECRET, value, new Date(NOW.getTime() + STATE_TTL_MS))).toBeNull();
  });

  it('rejects a rewritten redirect, another secret and junk', () => {
    const [payload, signature] = state().split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const rewritten = Buffer.from(JSON.stringify({ ...decoded, redirectUri: 'https://evil.example/' })).toString(
      'base64url',
    );
    expect(verifyState(SECRET, `${rewritten}.${signature}`, NOW)).toBeNull();
    expect(verifyState(`${SECRET}-other`, `${payload}.${signature}`, NOW)).toBeNull();
    for (const junk of [undefined, '', '.', 'abc', `${payload}.`, `${payload}.${signature}.x`]) {
      expect(verifyState(SECRET, junk, NOW)).toBeNull();
    }
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; fm_oauth2_state=xyz.abc; b=2', 'fm_oauth2_state')).toBe('xyz.abc');
    expect(readCookie('fm_oauth2_state_other=1', 'fm_oauth2_state')).toBeUndefined();
    expect(readCookie(undefined, 'fm_oauth2_state')).toBeUndefined();
  });
});
