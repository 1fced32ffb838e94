// @vitest-environment jsdom
import type { CoinHistoryRowDto } from '@fanmission/contracts';
import i18next from 'i18next';
import { afterEach, describe, expect, test } from 'vitest';
import { useLanguage } from '@fanmission/tests/support/web/render';
import { checkCharge, mayCharge, type ChargeForm } from '../../shared/coins/charge-form';
import { refundMoneyLines } from './components/refund-requests';
import { depositStatusLabel, historyContent, signedPoint } from './history-texts';
import { destinationLine, destinationText, maskedAccountNumber } from './refund-destination';
import { withRo } from '../../shared/format/korean';

const row = (fields: Partial<CoinHistoryRowDto>): CoinHistoryRowDto => ({
  id: 1,
  eventType: 'USE',
  point: -30,
  created: '2026-01-01T00:00:00Z',
  transactionType: 'MISSION_HOLD' as CoinHistoryRowDto['transactionType'],
  reason: null,
  mission: null,
  coinDeposit: null,
  coinItemType: null,
  feeCoins: null,
  refund: null,
  ...fields,
});
const mission = (status: 'ACCEPTED' | 'REJECTED', rejectionReason: 'REFUSED' | 'CANCELED' | null = null) => ({
  id: 7,
  status,
  rejectionReason,
  missionProduct: { type: 'BASIC' as const, name: 'Birthday song' },
  creatorName: 'Starlight',
});
const payment = {
  payMethod: 'kakaopay' as const,
  paymentId: 'p',
  bankTransferId: null,
  currency: 'KRW' as const,
  amount: 1,
  receiptUrl: null,
  cashReceiptApprovalNumber: null,
};
const deposit = (itemType: 'CASH' | 'BONUS', paid: boolean) => ({
  id: 3,
  payment: paid ? payment : null,
  coinItem: { id: 1, name: 'x', point: 10, itemType },
});

describe('coin history texts', () => {
  afterEach(() => window.localStorage.clear());

  test('USE: type and name; EARN: charge, free coin event, bonus; EXPIRED; REFUND with the rejected mark', async () => {
    const t = await useLanguage('en');
    const tf = i18next.t.bind(i18next);
    expect(historyContent(row({ mission: mission('ACCEPTED') }), tf)).toBe('Basic · Birthday song · Starlight');
    expect(historyContent(row({ eventType: 'EARN', coinDeposit: deposit('CASH', true) }), tf)).toBe(
      t.coinHistory.earnCharge,
    );
    expect(historyContent(row({ eventType: 'EARN', coinDeposit: deposit('BONUS', false) }), tf)).toBe(
      t.coinHistory.earnFreeEvent,
    );
    expect(historyContent(row({ eventType: 'EARN', coinItemType: 'BONUS' }), tf)).toBe(t.coinHistory.earnBonus);
    // Finance's free-coin event (a BONUS item granted from the console).
    expect(historyContent(row({ eventType: 'EARN', coinItemType: 'BONUS', reason: 'FREE_COIN_EVENT' }), tf)).toBe(
      t.coinHistory.earnFreeEvent,
    );
    expect(historyContent(row({ eventType: 'EXPIRED' }), tf)).toBe(t.coinHistory.expired);
    expect(historyContent(row({ eventType: 'REFUND', mission: mission('REJECTED') }), tf)).toBe(
      `Basic · Birthday song · Starlight ${t.coinHistory.rejected}`,
    );
    // The fan's own cancel is named as his, apart from the creator's refusals.
    expect(historyContent(row({ eventType: 'REFUND', mission: mission('REJECTED', 'CANCELED') }), tf)).toBe(
      `Basic · Birthday song · Starlight ${t.coinHistory.ownCancel}`,
    );
    expect(historyContent(row({ eventType: 'REFUND', mission: mission('ACCEPTED') }), tf)).toBe(
      'Basic · Birthday song · Starlight',
    );
    expect(historyContent(row({ eventType: 'REFUND', transactionType: 'PURCHASE_WITHDRAWAL' }), tf)).toBe(
      t.coinHistory.refund,
    );
  });

  test('a partial refund reads as one with its fee, never as a charge withdrawn (ko, en, ja)', async () => {
    const partial = row({ eventType: 'REFUND', transactionType: 'PARTIAL_REFUND', point: -290, feeCoins: 8 });
    const expected: Record<'ko' | 'en' | 'ja', string> = {
      ko: '부분 환불 (수수료 8코인)',
      en: 'Partial refund (fee 8 coins)',
      ja: '部分返金（手数料8コイン）',
    };
    for (const language of ['ko', 'en', 'ja'] as const) {
      const text = expected[language];
      const t = await useLanguage(language);
      const tf = i18next.t.bind(i18next);
      expect(historyContent(partial, tf)).toBe(text);
      expect(historyContent(partial, tf)).not.toBe(t.coinHistory.refund);
    }
    const t = await useLanguage('ko');
    const tf = i18next.t.bind(i18next);
    expect(historyContent(row({ eventType: 'REFUND', transactionType: 'REFUND_RETURN', point: 290 }), tf)).toBe(
      t.coinHistory.refundReturned,
    );
    const lucky = { ...mission('ACCEPTED'), missionProduct: { type: 'LUCKY' as const, name: '럭키 룰렛' } };
    expect(historyContent(row({ mission: { ...lucky, creatorName: '리뷰하는 소라' } }), tf)).toBe(
      '럭키 · 럭키 룰렛 · 리뷰하는 소라',
    );
  });

  test('pending status labels, anything else NONE; signed amounts', async () => {
    const t = await useLanguage('ko');
    const tf = i18next.t.bind(i18next);
    expect(depositStatusLabel('ready', tf)).toBe(t.coinHistory.deposit.ready);
    expect(depositStatusLabel('paid', tf)).toBe(t.coinHistory.deposit.paid);
    expect(depositStatusLabel('cancelled', tf)).toBe(t.coinHistory.deposit.cancelled);
    expect(depositStatusLabel('failed', tf)).toBe(t.coinHistory.deposit.failed);
    expect(depositStatusLabel('weird', tf)).toBe('NONE');
    expect(signedPoint(100)).toBe('+100');
    expect(signedPoint(-1200)).toBe('-1,200');
    expect(signedPoint(0)).toBe('0');
  });

  test('charge form: item and terms required; bank deposit needs depositor name and numeric phone', () => {
    const form: ChargeForm = {
      coinItemId: null,
      payMethod: 'kakaopay',
      agreed: false,
      depositorName: '',
      depositorPhone: '',
      cashReceipt: 'NONE',
      cashReceiptNumber: '',
    };
    expect(checkCharge(form)).toEqual({ coinItemId: 'coinCharge.selectItem', agreed: 'coinCharge.agreeTerms' });
    expect(checkCharge({ ...form, coinItemId: 1, agreed: true })).toEqual({});
    const bank = { ...form, coinItemId: 1, agreed: true, payMethod: 'withoutbankbook' as const };
    expect(checkCharge(bank)).toEqual({ depositorName: 'coinCharge.required', depositorPhone: 'coinCharge.required' });
    expect(checkCharge({ ...bank, depositorName: 'Kim', depositorPhone: '0101234' })).toEqual({});
    // Written as people write phone numbers: the hyphens and spaces go, the digits are sent.
    expect(checkCharge({ ...bank, depositorName: 'Kim', depositorPhone: '010-1234 5678' })).toEqual({});
    expect(checkCharge({ ...bank, depositorName: 'Kim', depositorPhone: '010.1234' })).toEqual({
      depositorPhone: 'coinCharge.numeric',
    });
  });

  test('charge form: a cash receipt needs a mobile number (소득공제) or a 10-digit business number (지출증빙)', () => {
    const bank: ChargeForm = {
      coinItemId: 1,
      payMethod: 'withoutbankbook',
      agreed: true,
      depositorName: 'Kim',
      depositorPhone: '01012345678',
      cashReceipt: 'PHONE',
      cashReceiptNumber: '',
    };
    expect(checkCharge(bank)).toEqual({ cashReceiptNumber: 'coinCharge.required' });
    expect(checkCharge({ ...bank, cashReceiptNumber: '010-1234-5678' })).toEqual({});
    expect(checkCharge({ ...bank, cashReceiptNumber: '02-123-4567' })).toEqual({
      cashReceiptNumber: 'coinCharge.cashReceiptPhoneInvalid',
    });
    const business = { ...bank, cashReceipt: 'BUSINESS' as const };
    expect(checkCharge({ ...business, cashReceiptNumber: '123-45-67890' })).toEqual({});
    expect(checkCharge({ ...business, cashReceiptNumber: '123-45-6789' })).toEqual({
      cashReceiptNumber: 'coinCharge.cashReceiptBusinessInvalid',
    });
    // No receipt: whatever the number field kept is not checked (nor sent).
    expect(checkCharge({ ...bank, cashReceipt: 'NONE', cashReceiptNumber: 'x' })).toEqual({});
  });

  test('creators cannot charge coins; fans may', async () => {
    await useLanguage('en');
    window.localStorage.setItem('UserId', '5');
    expect(mayCharge()).toBe(true);
    window.localStorage.setItem('CreatorId', '9');
    expect(mayCharge()).toBe(false);
  });
});

describe('what a refund request pays back', () => {
  afterEach(() => window.localStorage.clear());
  const part = (fields: { currency: string; amount: number; via: 'PROVIDER' | 'BANK_TRANSFER' }) => ({
    paymentId: fields.via === 'PROVIDER' ? `p-${fields.amount}` : null,
    provider: fields.via === 'PROVIDER' ? 'paypal' : null,
    coins: 10,
    feeCoins: 0,
    refundedAt: null,
    providerRefundId: null,
    ...fields,
  });

  test('in won when it all goes back in won to one place; else each charge in its own currency and where it goes', async () => {
    const t = await useLanguage('en');
    const tf = i18next.t.bind(i18next) as (key: string, options?: Record<string, unknown>) => string;
    const won = t.coinRefunds.won.replace('{{amount}}', '6,800');
    expect(refundMoneyLines({ amount: 6800, parts: [] }, 'en', tf)).toEqual([won]);
    expect(
      refundMoneyLines({ amount: 6800, parts: [part({ currency: 'KRW', amount: 6800, via: 'PROVIDER' })] }, 'en', tf),
    ).toEqual([won]);
    expect(
      refundMoneyLines(
        {
          amount: 2900,
          parts: [
            part({ currency: 'USD', amount: 72, via: 'PROVIDER' }),
            part({ currency: 'KRW', amount: 2000, via: 'BANK_TRANSFER' }),
          ],
        },
        'en',
        tf,
      ),
    ).toEqual([`$0.72 ${t.coinRefunds.partToPayment}`, `₩2,000 ${t.coinRefunds.partToAccount}`]);
  });
});

describe('where a refund goes, as the fan reads it', () => {
  afterEach(() => window.localStorage.clear());
  const account = { bankName: '신한은행', bankAccountNumber: '110123456789', bankAccountHolder: '김리뷰' } as const;
  const toAccount = { destination: { kind: 'BANK_ACCOUNT' as const, account }, dueOn: '2026-12-02', parts: [] };
  const toCard = {
    destination: { kind: 'ORIGINAL_METHOD' as const, methods: ['card' as const] },
    dueOn: '2026-12-02',
    parts: [],
  };

  test('the account with its middle hidden and the day as the app writes days, in ko, en and ja', async () => {
    await useLanguage('ko');
    let tf = i18next.t.bind(i18next);
    expect(destinationLine(toAccount, tf, 'ko')).toBe('신한은행 110-***-789 김리뷰로 2026.12.02까지 입금됩니다');
    expect(destinationLine(toCard, tf, 'ko')).toBe('2026.12.02까지 결제 수단으로 환불됩니다');
    // The pay method by name, never only "the payment method".
    expect(destinationText(toCard.destination, tf, 'ko')).toBe('신용카드로 환불');
    expect(destinationText(toAccount.destination, tf, 'ko')).toBe('신한은행 110-***-789 김리뷰');
    await useLanguage('en');
    tf = i18next.t.bind(i18next);
    expect(destinationLine(toAccount, tf, 'en')).toBe('Paid to Shinhan Bank 110-***-789 김리뷰 by Dec 2, 2026');
    await useLanguage('ja');
    tf = i18next.t.bind(i18next);
    expect(destinationLine(toCard, tf, 'ja')).toBe('2026/12/02までに決済手段へ返金されます');
  });

  test('particles chosen from the word, and short numbers still hidden', () => {
    expect(withRo('김리뷰')).toBe('김리뷰로');
    expect(withRo('홍길동')).toBe('홍길동으로');
    expect(withRo('김철')).toBe('김철로');
    expect(withRo('Kim')).toBe('Kim으로');
    expect(withRo('Lee')).toBe('Lee로');
    expect(maskedAccountNumber('1002123')).toBe('100-***-123');
    expect(maskedAccountNumber('12345')).toBe('***345');
  });
});
