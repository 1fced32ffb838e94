import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadBaseName } from './media';

describe('download names', () => {
  it('names the file after the creator, the product and the Korea-time day it was performed', () => {
    const performed = new Date('2026-11-28T16:30:00Z'); // 2026-11-29 01:30 in Korea
    expect(downloadBaseName({ creator: '게임왕 민준', product: '무엇이든 맞춤 미션', completedAt: performed }, 7)).toBe(
      '게임왕민준_무엇이든맞춤미션_2026-11-29',
    );
  });

  it('keeps letters, digits and hyphens only: no folders, quotes, control characters, dots or emoji', () => {
    const performed = new Date('2026-11-29T03:00:00Z');
    expect(
      downloadBaseName(
        { creator: '../../etc/pass-wd', product: 'a\u0000b\nc\td "e" <f>|g?* 🎮.', completedAt: performed },
        7,
      ),
    ).toBe('etcpass-wd_abcdefg_2026-11-29');
  });

  it('falls back to the mission id when nothing safe is left, and cuts long names', () => {
    expect(downloadBaseName({ creator: ' / ', product: '🎮', completedAt: null }, 7)).toBe('mission-7');
    const long = downloadBaseName({ creator: '가'.repeat(150), product: 'b'.repeat(150), completedAt: null }, 7);
    expect(long).toBe(`${'가'.repeat(40)}_${'b'.repeat(40)}`);
  });

  it('sends an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition("생일 축하 (1)'s.mp4")).toBe(
      `attachment; filename="__ __ (1)'s.mp4"; filename*=UTF-8''%EC%83%9D%EC%9D%BC%20%EC%B6%95%ED%95%98%20%281%29%27s.mp4`,
    );
  });
});
