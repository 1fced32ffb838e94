import type { CoinRefundPart } from '@fanmission/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';
import { announceApprovalsChanged } from './approvals';
import { useCodeLabel } from './code-field';

/** An amount in a currency's minor unit (won, cents) as the locale writes money: ₩1,000, US$0.72. */
export function formatMinorUnits(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return format.format(amount / 10 ** digits);
}

/** The charges a refund request pays back, each in its own currency, and whether its provider refunded it. */
export function RefundParts() {
  const record = useRecordContext<{ parts?: CoinRefundPart[] }>();
  const translate = useTranslate();
  const label = useCodeLabel();
  const [locale] = useLocaleState();
  if (!record?.parts?.length) return null;
  return (
    <span>
      {record.parts.map((part, index) => (
        <span key={part.paymentId ?? `bank-${index}`} style={{ display: 'block' }}>
          {formatMinorUnits(part.amount, part.currency, locale)}{' '}
          {part.via === 'PROVIDER'
            ? label('paymentProvider', part.provider ?? '')
            : translate('console.refunds.bankTransfer')}
          {part.providerRefundId && ` · ${translate('console.refunds.refunded')}`}
        </span>
      ))}
    </span>
  );
}

/**
 * Finance's "Refund at provider": the card and PayPal charges of a requested refund go back through their providers
 * (POST …/provider-refund); shown while one of them is not refunded yet.
 */
export function ProviderRefundAction() {
  const record = useRecordContext<{ id: number; status: string; parts?: CoinRefundPart[] }>();
  const allowed = useCanWrite('coin-refunds');
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const open = record?.parts?.some((part) => part.via === 'PROVIDER' && part.amount > 0 && !part.providerRefundId);
  if (!record || !allowed || record.status !== 'requested' || !open) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={pending}
      onClick={async (event) => {
        event.stopPropagation();
        setPending(true);
        try {
          const { status } = await httpClient(`/api/admin/coin-refunds/${record.id}/provider-refund`, {
            method: 'POST',
            body: JSON.stringify({}),
          });
          // Above the approval limit the refund waits for a second finance member (202).
          if (status === 202) {
            notify('console.approvals.requested', { type: 'info' });
            announceApprovalsChanged();
          } else notify('console.refunds.refundedAtProvider', { type: 'success' });
          refresh();
        } catch (error) {
          notify((error as Error).message, { type: 'error' });
        } finally {
          setPending(false);
        }
      }}
    >
      {translate('console.actions.refundAtProvider')}
    </Button>
  );
}
