// The console's catalogues: every key of the Korean one in English and Japanese, and the Japanese one translated.
import { afterAll, describe, expect, test } from 'vitest';
import { consoleEn } from './console-en';
import { consoleJa } from './console-ja';
import { consoleKo } from './console-ko';
import { i18nProvider } from './i18n-provider';
import { raKorean } from './ra-ko';

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a catalogue, dotted (`console.actions.block`). */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const consoleKeys = keysOf(consoleKo as unknown as Tree);
const reactAdminKeys = keysOf(raKorean as unknown as Tree);
const allKeys = [...consoleKeys, ...reactAdminKeys];

/** Proper names and codes written the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'PayPal',
  'PortOne',
  'YouTube',
  'AfreecaTV',
  'Twitch',
  'Facebook',
  'TikTok',
  'Instagram',
  'Google',
  'Apple',
  'FAQ',
]);
/** Text with nothing to translate: no word outside its placeholders (`%{offsetBegin}-%{offsetEnd} / %{total}`). */
const onlyPlaceholders = (text: string) => !/[A-Za-z]{2,}/.test(text.replace(/%\{\w+\}/g, ''));
/** Korean kept on purpose in other languages: the KakaoTalk service's own name (알림톡). */
const KOREAN_ON_PURPOSE = ['알림톡'];
const HANGUL = /[\uac00-\ud7a3]/;

async function textsIn(locale: string): Promise<Map<string, string>> {
  await i18nProvider.changeLocale(locale);
  return new Map(allKeys.map((key) => [key, i18nProvider.translate(key, { _: '' })]));
}

afterAll(() => i18nProvider.changeLocale('ko'));

describe('console catalogues', () => {
  test('the language selector offers 한국어, English and 日本語', () => {
    expect(i18nProvider.getLocales?.().map((language) => language.name)).toEqual(['한국어', 'English', '日本語']);
  });

  test('the English catalogue has exactly the Korean keys', () => {
    expect(keysOf(consoleEn as unknown as Tree).sort()).toEqual([...consoleKeys].sort());
  });

  test('every Korean key reads in English and Japanese, and the Japanese text is translated', async () => {
    const en = await textsIn('en');
    const ja = await textsIn('ja');
    const untranslated: string[] = [];
    for (const key of allKeys) {
      const english = en.get(key) ?? '';
      const japanese = ja.get(key) ?? '';
      const korean = HANGUL.test(KOREAN_ON_PURPOSE.reduce((text, word) => text.replace(word, ''), japanese));
      const sameAsEnglish =
        japanese === english && !SAME_IN_EVERY_LANGUAGE.has(japanese) && !onlyPlaceholders(japanese);
      const blank = !japanese.trim() && english.trim() !== '';
      if (blank || korean || sameAsEnglish) untranslated.push(`${key}: ${JSON.stringify(japanese)}`);
    }
    expect(untranslated).toEqual([]);
  });
});

/** Every text of a catalogue. */
function textsOf(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : textsOf(value)));
}

// Coin amounts as the web app writes them (web/src/shared/i18n/coin-amounts.test.ts): "1,000코인", "1,000 coins",
// "1,000コイン".
describe('coin amounts in the console catalogues', () => {
  const otherWay = [
    ['ko', consoleKo, /(\d|\})\s+코인/],
    ['en', consoleEn, /(\d|\})(coins?\b| Coins?\b)/],
    ['ja', consoleJa, /(\d|\})\s+コイン/],
  ] as const;
  for (const [language, catalogue, pattern] of otherWay) {
    test(`are written one way in ${language}`, () => {
      expect(textsOf(catalogue as unknown as Tree).filter((text) => pattern.test(text))).toEqual([]);
    });
  }
});
