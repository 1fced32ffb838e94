import type { Catalog } from './catalog';

/** Server messages of the fan's refunds (ko, en, ja). */
export const coinRefundsMessages = {
  'coinRefunds.bankNameInvalid': {
    ko: '목록에 있는 은행을 선택해 주세요.',
    en: 'Choose a bank from the list.',
    ja: 'リストから銀行を選択してください。',
  },
  'coinRefunds.holderTooLong': {
    ko: '예금주는 100자 이하로 입력해 주세요.',
    en: 'The account holder can be at most 100 characters.',
    ja: '口座名義は100文字以内で入力してください。',
  },
  'coinRefunds.notRefused': {
    ko: '지급이 거절된 환불 요청만 계좌를 수정할 수 있습니다.',
    en: 'Only a refund request finance could not pay takes a corrected account.',
    ja: '支払いが拒否された返金リクエストのみ口座を修正できます。',
  },
  'coinRefunds.notRefusable': {
    ko: '요청 상태의 환불만 지급 거절할 수 있습니다.',
    en: 'Only a requested refund can be refused.',
    ja: 'リクエスト中の返金のみ拒否できます。',
  },
  'coinRefunds.withdrawalHasNoAccount': {
    ko: '청약 철회는 결제 수단으로 환불되어 계좌가 필요하지 않습니다.',
    en: 'A withdrawal goes back to the payment it came from and takes no bank account.',
    ja: '申込撤回は決済手段に返金されるため、口座は不要です。',
  },
} as const satisfies Catalog;
