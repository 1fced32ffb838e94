import { createHash } from 'node:crypto';
import type { Language, PayMethod } from '@fanmission/contracts';
import { escapeHtml, providerPage } from '../http';
import { formatAmount } from './sandbox-page';

/** The merchant the sandbox's receipts name, as a provider's slip names the registered merchant. */
export const SANDBOX_MERCHANT = { name: '(주)팬미션', businessNumber: '000-00-00000' } as const;

/** The sandbox receipt's own words (a provider's page, not API messages). */
const TEXT = {
  ko: {
    title: '매출전표',
    notice: '개발용 샌드박스 영수증입니다. 실제 카드 승인 내역이 아닙니다.',
    merchant: '가맹점',
    businessNumber: '사업자 등록번호',
    date: '거래 일시',
    method: '결제 수단',
    item: '상품',
    amount: '결제 금액',
    approval: '승인번호',
    card: '카드 번호',
    cancelled: '취소된 거래입니다.',
    methods: { kakaopay: '카카오페이', card: '신용카드', phone: '휴대폰 결제', paypal: 'PayPal' },
  },
  en: {
    title: 'Sales slip',
    notice: 'This is the development sandbox receipt, not a real card approval.',
    merchant: 'Merchant',
    businessNumber: 'Business registration no.',
    date: 'Date',
    method: 'Pay method',
    item: 'Item',
    amount: 'Amount',
    approval: 'Approval no.',
    card: 'Card no.',
    cancelled: 'This transaction was cancelled.',
    methods: { kakaopay: 'KakaoPay', card: 'Card', phone: 'Mobile phone', paypal: 'PayPal' },
  },
  ja: {
    title: '売上伝票',
    notice: '開発用サンドボックスの領収書です。実際のカード承認ではありません。',
    merchant: '加盟店',
    businessNumber: '事業者登録番号',
    date: '取引日時',
    method: '決済手段',
    item: '商品',
    amount: '決済金額',
    approval: '承認番号',
    card: 'カード番号',
    cancelled: '取り消された取引です。',
    methods: { kakaopay: 'カカオペイ', card: 'クレジットカード', phone: '携帯電話決済', paypal: 'PayPal' },
  },
} satisfies Record<Language, Record<string, string | Record<Exclude<PayMethod, 'withoutbankbook'>, string>>>;

export interface SandboxReceiptData {
  paymentId: string;
  language: Language;
  itemName: string;
  amount: number;
  currency: string;
  payMethod: 'kakaopay' | 'card' | 'phone' | 'paypal';
  paidAt: Date;
  cancelled: boolean;
}

/** Digits derived from the payment id: the same payment always shows the same approval and card numbers. */
function digitsOf(paymentId: string, salt: string, length: number): string {
  const hash = createHash('sha256').update(`${salt}:${paymentId}`).digest();
  return String(hash.readUInt32BE(0) % 10 ** length).padStart(length, '0');
}

/** The sandbox's approval number of a paid checkout. */
export const sandboxApprovalNumber = (paymentId: string) => digitsOf(paymentId, 'approval', 8);

/** 2026-11-28T01:05Z → "2026-11-28 10:05" (Korea time, as Korean slips print it). */
const koreaTime = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * A printable card slip (매출전표) of a paid sandbox checkout: merchant, date, method, amount, approval number and,
 * for a card, its masked number. Self-contained (no scripts, no external assets); the browser prints it.
 */
export function renderSandboxReceipt(data: SandboxReceiptData): string {
  const text = TEXT[data.language];
  const rows: Array<[string, string]> = [
    [text.merchant, SANDBOX_MERCHANT.name],
    [text.businessNumber, SANDBOX_MERCHANT.businessNumber],
    [text.date, `${koreaTime(data.paidAt)} KST`],
    [text.item, data.itemName],
    [text.method, text.methods[data.payMethod]],
    ...(data.payMethod === 'card'
      ? [[text.card, `5365-****-****-${digitsOf(data.paymentId, 'card', 4)}`] as [string, string]]
      : []),
    [text.approval, sandboxApprovalNumber(data.paymentId)],
    [text.amount, formatAmount(data.amount, data.currency, data.language)],
  ];
  return providerPage({
    language: data.language,
    title: text.title,
    notice: text.notice,
    css: `  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #4b5563; } dd { margin: 0; text-align: right; font-weight: 600; }
  .cancelled { color: #b91c1c; font-weight: 600; }
  @media print { body { background: #fff; } main { box-shadow: none; } }`,
    body: `<dl>
    ${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n    ')}
  </dl>
  ${data.cancelled ? `<p class="cancelled">${escapeHtml(text.cancelled)}</p>` : ''}`,
    footnote: data.paymentId,
  });
}
