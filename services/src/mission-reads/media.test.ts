import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadBaseName } from './media';

describe('download names', () => {
  it('keeps the response comment, without folders, quotes, control characters or leading dots', () => {
    expect(downloadBaseName('Happy birthday!', 7)).toBe('Happy birthday!');
    expect(downloadBaseName('../../etc/passwd', 7)).toBe('etc passwd');
    expect(downloadBaseName('a\u0000b\nc\td "e" <f>|g?*', 7)).toBe('a b c d e f g');
    expect(downloadBaseName('  ...hidden  ', 7)).toBe('hidden');
  });

  it('falls back to the mission id for an empty comment and cuts long ones at 100 characters', () => {
    expect(downloadBaseName(null, 7)).toBe('mission-7');
    expect(downloadBaseName(' / ', 7)).toBe('mission-7');
    expect([...downloadBaseName('가'.repeat(150), 7)]).toHaveLength(100);
  });

  it('sends an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition("생일 축하 (1)'s.mp4")).toBe(
      `attachment; filename="__ __ (1)'s.mp4"; filename*=UTF-8''%EC%83%9D%EC%9D%BC%20%EC%B6%95%ED%95%98%20%281%29%27s.mp4`,
    );
  });
});
