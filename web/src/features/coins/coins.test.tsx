// @vitest-environment jsdom
import type { CoinHistoryRowDto } from '@fanmission/contracts';
import i18next from 'i18next';
import { afterEach, describe, expect, test } from 'vitest';
import { useLanguage } from '@fanmission/tests/support/web/render';
import { checkCharge, mayCharge, type ChargeForm } from '../../shared/coins/charge-form';
import { refundMoneyLines } from './components/refund-requests';
import { depositStatusLabel, historyContent, signedPoint } from './history-texts';

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
  ...fields,
});
const mission = (status: 'ACCEPTED' | 'REJECTED') => ({
  id: 7,
  status,
  missionProduct: { type: 'BASIC' as const, name: 'Birthday song' },
});
const payment = {
  payMethod: 'kakaopay' as const,
  paymentId: 'p',
  bankTransferId: null,
  currency: 'KRW' as const,
  amount: 1,
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
    expect(historyContent(row({ mission: mission('ACCEPTED') }), tf)).toBe('Basic · Birthday song');
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
      `Basic · Birthday song ${t.coinHistory.rejected}`,
    );
    expect(historyContent(row({ eventType: 'REFUND', mission: mission('ACCEPTED') }), tf)).toBe(
      'Basic · Birthday song',
    );
    expect(historyContent(row({ eventType: 'REFUND' }), tf)).toBe(t.coinHistory.refund);
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
