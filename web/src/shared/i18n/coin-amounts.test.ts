// Coin amounts read one way in every catalogue: "1,000코인" in Korean (the number and the unit written together, as
// most of the app and the console write them), "1,000 coins" in English and "1,000コイン" in Japanese.
import { describe, expect, test } from 'vitest';
import { resources } from './resources';

type Tree = { [key: string]: string | Tree };

/** Every text of a catalogue with its dotted key. */
function textsOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : textsOf(value, `${prefix}${key}.`),
  );
}

/** A number or a placeholder, then the coin unit written the other way. */
const OTHER_WAY = {
  ko: /(\d|\}\})\s+코인/,
  ja: /(\d|\}\})\s+コイン/,
  en: /(\d|\}\})(coins?\b|Coins?\b| Coins?\b)/,
} as const;

describe('coin amounts in the web catalogues', () => {
  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`are written one way in ${language}`, () => {
      const otherWay = textsOf(resources[language].translation as unknown as Tree).filter(([, text]) =>
        OTHER_WAY[language].test(text),
      );
      expect(otherWay).toEqual([]);
    });
  }
});
