import { describe, expect, test } from 'vitest';
import { LEGAL_CONSTANTS, collectNotice } from './texts';
import { legalSections } from './legal-body';

const LANGUAGES = ['ko', 'en', 'ja'] as const;

describe('legal texts', () => {
  test('the collection notice has the same sections in ko, en and ja, with the retention it quotes', () => {
    const counts = LANGUAGES.map((language) => collectNotice(language).sections.length);
    expect(new Set(counts).size).toBe(1);
    for (const language of LANGUAGES) {
      const text = collectNotice(language)
        .sections.flatMap((section) => [section.heading, ...section.paragraphs])
        .join('\n');
      expect(text).toContain(String(LEGAL_CONSTANTS.retention.membershipAfterWithdrawalYears));
      expect(text).toContain(String(LEGAL_CONSTANTS.retention.contractAndPaymentYears));
    }
  });

  test('a version’s text reads as sections: `## ` lines are headings, blank lines separate paragraphs', () => {
    expect(legalSections('## 제1조 (목적)\n\n첫 문단.\n\n둘째 문단.\n\n## 제2조\n\n셋째.')).toEqual([
      { heading: '제1조 (목적)', paragraphs: ['첫 문단.', '둘째 문단.'] },
      { heading: '제2조', paragraphs: ['셋째.'] },
    ]);
    // Text before any heading, and Windows line ends, still read.
    expect(legalSections('머리말.\r\n\r\n## 제1조\r\n본문 한 줄\r\n이어지는 줄')).toEqual([
      { heading: '', paragraphs: ['머리말.'] },
      { heading: '제1조', paragraphs: ['본문 한 줄\n이어지는 줄'] },
    ]);
  });
});
