import { formatNumber, type Language, type PayMethod } from '@fanmission/contracts';
import { escapeHtml, providerPage } from '../http';

/** The sandbox checkout's own words (a provider's page, not API messages). */
const TEXT = {
  ko: {
    title: '테스트 결제',
    notice: '개발용 샌드박스 결제 화면입니다. 실제로 돈이 오가지 않습니다.',
    item: '상품',
    coins: '충전 코인',
    amount: '결제 금액',
    method: '결제 수단',
    approve: '결제 승인',
    decline: '결제 거절',
    paid: '결제가 승인되었습니다.',
    failed: '결제가 거절되었습니다.',
    cancelled: '결제가 취소되었습니다.',
    methods: {
      kakaopay: '카카오페이',
      card: '신용카드',
      phone: '휴대폰 결제',
      paypal: 'PayPal',
      withoutbankbook: '무통장 입금',
    },
    phone: '휴대폰 소액결제: 실제 통신사 인증 대신 이 화면에서 승인합니다. 결제한 달 안에만 취소할 수 있습니다.',
  },
  en: {
    title: 'Test payment',
    notice: 'This is the development sandbox checkout. No real money moves.',
    item: 'Item',
    coins: 'Coins',
    amount: 'Amount',
    method: 'Pay method',
    approve: 'Approve',
    decline: 'Decline',
    paid: 'The payment was approved.',
    failed: 'The payment was declined.',
    cancelled: 'The payment was cancelled.',
    methods: {
      kakaopay: 'KakaoPay',
      card: 'Card',
      phone: 'Mobile phone',
      paypal: 'PayPal',
      withoutbankbook: 'Bank deposit',
    },
    phone:
      'Mobile phone payment: approved here instead of the carrier’s verification. It can be cancelled only within the month it was paid in.',
  },
  ja: {
    title: 'テスト決済',
    notice: '開発用のサンドボックス決済画面です。実際のお金は動きません。',
    item: '商品',
    coins: 'チャージコイン',
    amount: '決済金額',
    method: '決済手段',
    approve: '決済を承認',
    decline: '決済を拒否',
    paid: '決済が承認されました。',
    failed: '決済が拒否されました。',
    cancelled: '決済がキャンセルされました。',
    methods: {
      kakaopay: 'カカオペイ',
      card: 'クレジットカード',
      phone: '携帯電話決済',
      paypal: 'PayPal',
      withoutbankbook: '銀行振込',
    },
    phone: '携帯電話決済：通信会社の認証の代わりにこの画面で承認します。決済した月の間のみキャンセルできます。',
  },
} satisfies Record<Language, Record<string, string | Record<PayMethod, string>>>;

const LOCALES: Record<Language, string> = { ko: 'ko-KR', en: 'en-US', ja: 'ja-JP' };

/** 1000 KRW → "₩1,000"; 80 USD cents → "$0.80". */
export function formatAmount(amountMinor: number, currency: string, language: Language): string {
  const major = currency === 'KRW' ? amountMinor : amountMinor / 100;
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(major);
}

export interface SandboxPageData {
  paymentId: string;
  language: Language;
  itemName: string;
  point: number;
  amount: number;
  currency: string;
  payMethod: string;
  /** The decision already taken, if any: the page shows it instead of the buttons. */
  decided: 'paid' | 'failed' | 'cancelled' | null;
  actionBase: string;
}

/** A small self-contained page (no scripts, no external assets) with the order and Approve / Decline buttons. */
export function renderSandboxCheckout(data: SandboxPageData): string {
  const text = TEXT[data.language];
  const rows: Array<[string, string]> = [
    [text.item, data.itemName],
    [text.coins, formatNumber(data.point)],
    [text.amount, formatAmount(data.amount, data.currency, data.language)],
    // The method in words ("신용카드"), never its code; a code the sandbox does not know is shown as it is.
    [text.method, text.methods[data.payMethod as PayMethod] ?? data.payMethod],
  ];
  const action = escapeHtml(data.actionBase);
  const decision = data.decided
    ? `<p class="result ${data.decided}">${escapeHtml(text[data.decided])}</p>`
    : `<div class="actions">
      <form method="post" action="${action}/approve"><button class="approve" type="submit">${escapeHtml(text.approve)}</button></form>
      <form method="post" action="${action}/decline"><button class="decline" type="submit">${escapeHtml(text.decline)}</button></form>
    </div>`;
  return providerPage({
    language: data.language,
    title: text.title,
    notice: text.notice,
    css: `  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #6b7280; } dd { margin: 0; text-align: right; font-weight: 600; }
  .actions { display: flex; gap: .75rem; } .actions form { flex: 1; }
  .approve { background: #2563eb; color: #fff; } .decline { background: #e5e7eb; color: #1d2330; }
  .result { font-weight: 600; } .result.paid { color: #15803d; } .result.failed, .result.cancelled { color: #b91c1c; }`,
    body: `<dl>
    ${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n    ')}
  </dl>
  ${data.payMethod === 'phone' ? `<p class="notice">${escapeHtml(text.phone)}</p>` : ''}
  ${decision}`,
    footnote: data.paymentId,
  });
}
