import type { Catalog } from './catalog';

/** Server messages of the security and reliability fixes (issue 20), in ko, en and ja. */
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
} as const satisfies Catalog;
