// Every code of every family has a label in every console language; Korean labels are words, not the codes.
import { describe, expect, test } from 'vitest';
import { CODE_FAMILIES, type CodeFamily, type CodeLabels } from './codes';
import { consoleEn } from './console-en';
import { consoleJa } from './console-ja';
import { consoleKo } from './console-ko';
import type { ConsoleLocale } from './i18n-provider';

const TABLES: Record<ConsoleLocale, CodeLabels> = { ko: consoleKo.codes, en: consoleEn.codes, ja: consoleJa.codes };
const families = Object.keys(CODE_FAMILIES) as CodeFamily[];

describe('code labels', () => {
  for (const [language, table] of Object.entries(TABLES)) {
    test(`${language}: a non-empty label for every code of every family, and no other`, () => {
      for (const family of families) {
        const labels: Record<string, string> = table[family];
        expect(Object.keys(labels).sort(), family).toEqual([...CODE_FAMILIES[family]].sort());
        for (const code of CODE_FAMILIES[family]) {
          expect(labels[code]?.trim(), `${family}.${code}`).toBeTruthy();
        }
      }
    });
  }

  test('ko: every label differs from its code', () => {
    const rawCodes = families.flatMap((family) =>
      CODE_FAMILIES[family]
        .filter((code) => (TABLES.ko[family] as Record<string, string>)[code] === code)
        .map((code) => `${family}.${code}`),
    );
    expect(rawCodes).toEqual([]);
  });
});
