import { describe, expect, it } from 'vitest';
import {
  compareParagraphs,
  compareTermsTexts,
  comparisonAsText,
  comparisonHasChanges,
  comparisonTokens,
  termsParagraphs,
  type ComparisonTextLabels,
} from './terms-comparison';

const IN_FORCE = [
  '## 제1조 (목적)',
  '이 약관은 서비스 이용 조건을 정합니다.',
  '## 제3조 (코인)',
  '1코인은 100원입니다.',
  '충전 후 7일 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
  '해외 결제는 정산 시 10%의 세금이 공제됩니다.',
  '## 제6조 (고객센터)',
  '고객센터 운영 시간은 평일 11:00–19:00입니다.',
].join('\n\n');

/** 7일 becomes 14일, the tax paragraph goes, a chat paragraph comes at the end. */
const AMENDED = [
  '## 제1조 (목적)',
  '이 약관은 서비스 이용 조건을 정합니다.',
  '## 제3조 (코인)',
  '1코인은 100원입니다.',
  '충전 후 14일 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
  '## 제6조 (고객센터)',
  '고객센터 운영 시간은 평일 11:00–19:00입니다.',
  '채팅 상담은 평일 10:00–18:00입니다.',
].join('\n\n');

const LABELS: ComparisonTextLabels = {
  title: '신·구 조문 대비표',
  legend: '표시: [-삭제-] [+추가+]',
  old: '현행',
  new: '개정안',
  added: '<신설>',
  removed: '<삭제>',
  collapsed: (count) => `(변경 없는 문단 ${count}개)`,
};

describe('termsParagraphs and comparisonTokens', () => {
  it('splits paragraphs at blank lines, whatever the line ends, and keeps lines within a paragraph', () => {
    expect(termsParagraphs('## 제1조\r\n\r\n첫 줄\n둘째 줄\n  \n\n\n끝 ')).toEqual([
      '## 제1조',
      '첫 줄\n둘째 줄',
      '끝',
    ]);
    expect(termsParagraphs('  \n\n ')).toEqual([]);
  });

  it('cuts words at spaces and punctuation, Chinese characters and kana one by one, and loses no character', () => {
    expect(comparisonTokens('충전 후 7일, 1,000원')).toEqual([
      '충전',
      ' ',
      '후',
      ' ',
      '7일',
      ',',
      ' ',
      '1',
      ',',
      '000원',
    ]);
    expect(comparisonTokens('締切後14日以内')).toEqual(['締', '切', '後', '14', '日', '以', '内']);
    const mixed = '## Article 3 (코인)\n応募締切後 — KakaoPay、携帯電話決済 100%!';
    expect(comparisonTokens(mixed).join('')).toBe(mixed);
  });
});

describe('compareParagraphs', () => {
  it('marks the changed word only, in Korean, Japanese and English', () => {
    expect(compareParagraphs('충전 후 7일 이내에 철회', '충전 후 14일 이내에 철회')).toEqual({
      old: [
        { text: '충전 후 ', change: 'kept' },
        { text: '7일', change: 'removed' },
        { text: ' 이내에 철회', change: 'kept' },
      ],
      new: [
        { text: '충전 후 ', change: 'kept' },
        { text: '14일', change: 'added' },
        { text: ' 이내에 철회', change: 'kept' },
      ],
    });
    expect(compareParagraphs('応募締切後14日以内に抽選', '応募締切後7日以内に抽選')).toEqual({
      old: [
        { text: '応募締切後', change: 'kept' },
        { text: '14', change: 'removed' },
        { text: '日以内に抽選', change: 'kept' },
      ],
      new: [
        { text: '応募締切後', change: 'kept' },
        { text: '7', change: 'added' },
        { text: '日以内に抽選', change: 'kept' },
      ],
    });
  });

  it('marks neighbouring changed words as one run, the space between them included', () => {
    expect(compareParagraphs('within three business days', 'within five working days')).toEqual({
      old: [
        { text: 'within ', change: 'kept' },
        { text: 'three business', change: 'removed' },
        { text: ' days', change: 'kept' },
      ],
      new: [
        { text: 'within ', change: 'kept' },
        { text: 'five working', change: 'added' },
        { text: ' days', change: 'kept' },
      ],
    });
  });
});

describe('compareTermsTexts', () => {
  it('shows a changed paragraph word by word, a deleted and an added one, and collapses the rest', () => {
    const rows = compareTermsTexts(IN_FORCE, AMENDED);
    expect(rows).toEqual([
      // Article 1 did not change: collapsed, heading and all.
      { change: 'collapsed', paragraphs: ['## 제1조 (목적)', '이 약관은 서비스 이용 조건을 정합니다.'] },
      // Article 3 changed: its heading stays in view, once.
      { change: 'same', text: '## 제3조 (코인)' },
      { change: 'collapsed', paragraphs: ['1코인은 100원입니다.'] },
      {
        change: 'changed',
        old: [
          { text: '충전 후 ', change: 'kept' },
          { text: '7일', change: 'removed' },
          { text: ' 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.', change: 'kept' },
        ],
        new: [
          { text: '충전 후 ', change: 'kept' },
          { text: '14일', change: 'added' },
          { text: ' 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.', change: 'kept' },
        ],
      },
      { change: 'removed', text: '해외 결제는 정산 시 10%의 세금이 공제됩니다.' },
      { change: 'same', text: '## 제6조 (고객센터)' },
      { change: 'collapsed', paragraphs: ['고객센터 운영 시간은 평일 11:00–19:00입니다.'] },
      { change: 'added', text: '채팅 상담은 평일 10:00–18:00입니다.' },
    ]);
    expect(comparisonHasChanges(rows)).toBe(true);
  });

  it('reads identical texts (whatever their line ends and blank lines) as one collapsed run and no change', () => {
    const rows = compareTermsTexts(IN_FORCE, `${IN_FORCE.replaceAll('\n', '\r\n')}\n\n\n`);
    expect(rows).toEqual([{ change: 'collapsed', paragraphs: termsParagraphs(IN_FORCE) }]);
    expect(comparisonHasChanges(rows)).toBe(false);
    expect(compareTermsTexts('', '')).toEqual([]);
  });

  it('counts a paragraph replaced by an unrelated one as deleted and added, not as reworded', () => {
    expect(compareTermsTexts('회원은 만 14세 이상이어야 합니다.', 'PayPal 결제는 달러로 청구됩니다.')).toEqual([
      { change: 'removed', text: '회원은 만 14세 이상이어야 합니다.' },
      { change: 'added', text: 'PayPal 결제는 달러로 청구됩니다.' },
    ]);
  });

  it('pairs a reworded paragraph with its old wording when a new paragraph comes before it', () => {
    const rows = compareTermsTexts(
      '## 제2조\n\n크리에이터 심사에는 7~14일이 걸립니다.',
      '## 제2조\n\n심사 결과는 메일로 알립니다.\n\n크리에이터 심사에는 3~7일이 걸립니다.',
    );
    expect(rows.map((row) => row.change)).toEqual(['same', 'added', 'changed']);
    expect(rows[1]).toEqual({ change: 'added', text: '심사 결과는 메일로 알립니다.' });
  });

  it('adds every paragraph of a first text, and deletes every paragraph of a text emptied', () => {
    expect(compareTermsTexts('', '## 제1조\n\n목적')).toEqual([
      { change: 'added', text: '## 제1조' },
      { change: 'added', text: '목적' },
    ]);
    expect(compareTermsTexts('목적', '')).toEqual([{ change: 'removed', text: '목적' }]);
  });

  it('treats a reworded heading as a change of its own, not of the section before it', () => {
    const rows = compareTermsTexts(
      '## 제1조\n\n가\n\n## 제2조 (코인)\n\n나',
      '## 제1조\n\n가\n\n## 제2조 (포인트)\n\n나',
    );
    expect(rows.map((row) => row.change)).toEqual(['collapsed', 'changed', 'collapsed']);
  });
});

describe('comparisonAsText', () => {
  it('writes each change as the old text then the new, with the marks and the labels, unchanged runs as a line', () => {
    expect(comparisonAsText(compareTermsTexts(IN_FORCE, AMENDED), LABELS)).toBe(
      [
        '신·구 조문 대비표',
        '표시: [-삭제-] [+추가+]',
        '',
        '(변경 없는 문단 2개)',
        '',
        '## 제3조 (코인)',
        '',
        '(변경 없는 문단 1개)',
        '',
        '[현행]',
        '충전 후 [-7일-] 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
        '[개정안]',
        '충전 후 [+14일+] 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
        '',
        '[현행]',
        '[-해외 결제는 정산 시 10%의 세금이 공제됩니다.-]',
        '[개정안]',
        '<삭제>',
        '',
        '## 제6조 (고객센터)',
        '',
        '(변경 없는 문단 1개)',
        '',
        '[현행]',
        '<신설>',
        '[개정안]',
        '[+채팅 상담은 평일 10:00–18:00입니다.+]',
        '',
      ].join('\n'),
    );
  });
});
