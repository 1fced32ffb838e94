import type { Catalog } from './catalog';

/** Server messages of the security and reliability fixes, in ko, en and ja. */
export const securityMessages = {
  'missions.mediaMissing': {
    ko: '제출한 파일이 삭제되어 미션을 수행할 수 없습니다. 파일을 다시 올려 주세요.',
    en: 'The file you submitted was deleted, so the mission could not be performed. Please upload it again.',
    ja: '提出したファイルが削除されたため、ミッションを実行できませんでした。もう一度アップロードしてください。',
  },
  'payments.ownBankTransfer': {
    ko: '본인의 무통장 입금은 확인할 수 없습니다.',
    en: 'You cannot confirm your own bank transfer.',
    ja: 'ご自身の銀行振込は確認できません。',
  },
  'oauth.loginCodeInvalid': {
    ko: '로그인이 만료되었거나 이 브라우저에서 시작되지 않았습니다. 다시 로그인해 주세요.',
    en: 'This sign-in has expired or was not started in this browser. Please sign in again.',
    ja: 'このログインは期限切れか、このブラウザで開始されたものではありません。もう一度ログインしてください。',
  },
  'oauth.appleNonceMismatch': {
    ko: 'Apple 로그인이 이 브라우저에서 시작되지 않았습니다. 다시 로그인해 주세요.',
    en: 'This Apple sign-in was not started in this browser. Please sign in again.',
    ja: 'この Apple ログインはこのブラウザで開始されたものではありません。もう一度ログインしてください。',
  },
  'validation.nulCharacter': {
    ko: '허용되지 않는 문자(NUL)가 포함되어 있습니다.',
    en: 'Contains a character that is not allowed (NUL).',
    ja: '使用できない文字（NUL）が含まれています。',
  },
  'validation.loneSurrogate': {
    ko: '깨진 문자(짝이 없는 서로게이트)가 포함되어 있습니다.',
    en: 'Contains a broken character (an unpaired surrogate).',
    ja: '壊れた文字（対になっていないサロゲート）が含まれています。',
  },
} as const satisfies Catalog;
