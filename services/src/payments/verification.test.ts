import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { processCounterValue } from '@fanmission/tests/support/metrics';
import { AppError } from '../http';
import { ProviderUnavailableError, type PaymentProvider, type ProviderVerification } from './providers/provider';
import type { PaymentProviders } from './providers/registry';
import type { PaymentRow } from './table';
import { verifyPaidAtProvider } from './verification';

// Each answer of a provider, and its absence, counted once by provider, pay method and outcome. The order is not in
// the database: recording its outcome updates no row.
const testApp = useTestApp();

const payment = {
  id: 'pay_metrics',
  provider: 'portone',
  pay_method: 'card',
  amount: 1000,
  currency: 'KRW',
} as PaymentRow;

const answering = (answer: () => ProviderVerification): PaymentProviders =>
  ({ byName: () => ({ verify: async () => answer() }) as unknown as PaymentProvider }) as unknown as PaymentProviders;

const verification = (status: ProviderVerification['status'], amount = 1000): ProviderVerification => ({
  status,
  amount,
  currency: 'KRW',
  providerPaymentId: 'tx-1',
  merchantReference: payment.id,
});

const counted = (outcome: string) =>
  processCounterValue('fanmission_payment_verifications_total', { provider: 'portone', method: 'card', outcome });

describe('fanmission_payment_verifications_total', () => {
  it.each([
    ['paid', () => verification('paid')],
    ['mismatch', () => verification('paid', 999)],
    ['pending', () => verification('pending')],
    ['not_completed', () => verification('approved')],
    ['failed', () => verification('failed')],
    ['cancelled', () => verification('cancelled')],
    [
      'provider_unavailable',
      () => {
        throw new ProviderUnavailableError('portone', 'down');
      },
    ],
  ] as const)('counts %s', async (outcome, answer) => {
    const before = await counted(outcome);
    const verifying = verifyPaidAtProvider(testApp.current.app.ctx, answering(answer), payment);
    if (outcome === 'paid') await expect(verifying).resolves.toMatchObject({ status: 'paid' });
    else await expect(verifying).rejects.toBeInstanceOf(AppError);
    expect(await counted(outcome)).toBe(before + 1);
  });

  it('counts a provider no longer configured as unavailable', async () => {
    const before = await counted('provider_unavailable');
    const none = { byName: () => null } as unknown as PaymentProviders;
    await expect(verifyPaidAtProvider(testApp.current.app.ctx, none, payment)).rejects.toBeInstanceOf(AppError);
    expect(await counted('provider_unavailable')).toBe(before + 1);
  });
});
