// Korean particles chosen from the word they follow, never written as "(으)로".

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final consonant ㄹ (its index among the 28 final-consonant slots of a Hangul syllable). */
const RIEUL = 8;

/** Digits as Korean reads them: whether the sound ends in a consonant other than ㄹ (영, 삼, 육). */
const DIGIT_TAKES_EU = new Set(['0', '3', '6']);
/** Latin letters as Korean reads a name ending in them: vowels, l and r end without a consonant that takes 으. */
const LATIN_WITHOUT_EU = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'l', 'r', 'w']);

/** Whether "으로" (not "로") follows the word: a final consonant other than ㄹ. */
function takesEu(word: string): boolean {
  const last = word.trim().at(-1) ?? '';
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final !== 0 && final !== RIEUL;
  }
  if (/\d/.test(last)) return DIGIT_TAKES_EU.has(last);
  if (/[a-z]/i.test(last)) return !LATIN_WITHOUT_EU.has(last.toLowerCase());
  return false;
}

/** The word with the particle of direction: "김리뷰로", "홍길동으로", "서울로". */
export const withRo = (word: string): string => `${word}${takesEu(word) ? '으로' : '로'}`;
