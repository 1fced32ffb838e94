import type { CoinRefundPart } from '@fanmission/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';
import { announceApprovalsChanged } from '../approval-counts';
import { useCodeLabel } from './code-field';
import { formatMinorUnits, MoneySummary, type MoneyFacts } from './money-confirm';

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

/** A refund request's coins and money as its confirmations name them; `next` says what the decision does. */
export function refundFacts(
  refund: { username: string; refundCoins: number; amount: number },
  next: string,
  approval?: MoneyFacts['approval'],
): MoneyFacts {
  return {
    who: refund.username,
    coins: refund.refundCoins,
    money: { amount: refund.amount, currency: 'KRW' },
    next,
    ...(approval && { approval }),
  };
}

/**
 * Finance's "Refund at provider": the card and PayPal charges of a requested refund go back through their providers
 * (POST …/provider-refund); shown while one of them is not refunded yet. A dialog names the member and the amount
 * first.
 */
export function ProviderRefundAction() {
  const record = useRecordContext<{
    id: number;
    status: string;
    username: string;
    refundCoins: number;
    amount: number;
    parts?: CoinRefundPart[];
  }>();
  const allowed = useCanWrite('coin-refunds');
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const open = record?.parts?.some((part) => part.via === 'PROVIDER' && part.amount > 0 && !part.providerRefundId);
  if (!record || !allowed || record.status !== 'requested' || !open) return null;
  const label = translate('console.actions.refundAtProvider');
  const refund = async () => {
    setPending(true);
    try {
      const { status } = await httpClient(`/api/admin/coin-refunds/${record.id}/provider-refund`, {
        method: 'POST',
        body: JSON.stringify({}),
      });
      setAsking(false);
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
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={pending}
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
      >
        {label}
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{label}</DialogTitle>
        <DialogContent>
          <MoneySummary facts={refundFacts(record, 'console.confirm.next.refundAtProvider')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={pending} onClick={() => void refund()}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
