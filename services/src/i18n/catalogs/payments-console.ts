import type { Catalog } from './catalog';

/** Server messages of the console's payments resource (ko, en, ja). */
export const paymentsConsoleMessages = {
  'payments.cashReceiptPhoneInvalid': {
    ko: '소득공제용 현금영수증에는 휴대폰 번호를 입력해 주세요 (예: 010-1234-5678).',
    en: 'An income-deduction cash receipt needs a mobile phone number (e.g. 010-1234-5678).',
    ja: '所得控除用の現金領収書には携帯電話番号を入力してください（例: 010-1234-5678）。',
  },
  'payments.cashReceiptBusinessInvalid': {
    ko: '지출증빙용 현금영수증에는 10자리 사업자 등록번호를 입력해 주세요 (예: 123-45-67890).',
    en: 'An expense-proof cash receipt needs a 10-digit business registration number (e.g. 123-45-67890).',
    ja: '支出証憑用の現金領収書には10桁の事業者登録番号を入力してください（例: 123-45-67890）。',
  },
  'payments.paymentNotFound': {
    ko: '결제를 찾을 수 없습니다.',
    en: 'No such payment.',
    ja: '決済が見つかりません。',
  },
  'payments.windowTooDeep': {
    ko: '목록은 {max}번째 행까지만 넘길 수 있습니다. 검색어나 필터로 범위를 좁혀 주세요.',
    en: 'A list pages through its first {max} rows only: narrow it with a search or a filter.',
    ja: '一覧は{max}行目までしかめくれません。検索やフィルターで絞り込んでください。',
  },
  'payments.notCancellable': {
    ko: '결제 완료되어 코인이 충전된 카드·카카오페이·휴대폰·PayPal 결제만 취소할 수 있습니다.',
    en: 'Only a paid card, KakaoPay, mobile phone or PayPal payment whose coins were credited can be cancelled.',
    ja: '支払い済みでコインがチャージされたカード・カカオペイ・携帯電話・PayPal決済のみキャンセルできます。',
  },
  'payments.cancelPhoneMonthPassed': {
    ko: '휴대폰 결제는 결제한 달({month}) 안에만 취소할 수 있습니다. 통신사 청구가 마감된 뒤에는 취소되지 않습니다.',
    en: 'A mobile phone payment can be cancelled only within the month it was paid in ({month}): once the carrier has billed it, it cannot be cancelled.',
    ja: '携帯電話決済は決済した月（{month}）の間のみキャンセルできます。通信会社の請求が締められた後はキャンセルできません。',
  },
  'payments.cancelCoinsUsed': {
    ko: '이 결제의 코인이 이미 사용되어 취소할 수 없습니다.',
    en: 'Coins of this payment have been used: it cannot be cancelled.',
    ja: 'この決済のコインはすでに使用されたため、キャンセルできません。',
  },
  'payments.cancelWindowPassed': {
    ko: '결제 취소는 충전 후 7일 이내({deadline}까지)에만 가능합니다.',
    en: 'A payment can be cancelled only within 7 days of its charge (until {deadline}).',
    ja: '決済のキャンセルはチャージから7日以内（{deadline}まで）のみ可能です。',
  },
  'payments.cancelAlreadyRefunded': {
    ko: '이 결제의 코인은 이미 환불되었습니다.',
    en: 'The coins of this payment were refunded already.',
    ja: 'この決済のコインはすでに返金されています。',
  },
} satisfies Catalog;
