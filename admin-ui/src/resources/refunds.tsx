import {
  type AdminApproval,
  type AdminCoinRefund,
  type CoinRefundPart,
  refundsThroughProvider,
  type RefundBankAccount,
} from '@fanmission/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useId, useState } from 'react';
import { Link, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';
import { announceApprovalsChanged } from '../approval-counts';
import { useCodeLabel } from './code-field';
import { useWideConsole } from './list-actions';
import { formatMinorUnits, MoneySummary, type MoneyFacts } from './money-confirm';
import { approvalSentNotice } from './pending-approval';

type Destination = AdminCoinRefund['destination'];
type Account = Omit<RefundBankAccount, 'bankName'> & { bankName: string };

/** Copies one value finance types into the bank's transfer form; says so, naming what was copied. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('console.refunds.copied', { type: 'info', messageArgs: { what: label, value } });
    } catch {
      notify('console.refunds.copyFailed', { type: 'error' });
    }
  };
  return (
    <IconButton
      size="small"
      aria-label={translate('console.refunds.copy', { what: label })}
      onClick={(event) => {
        event.stopPropagation();
        void copy();
      }}
    >
      <ContentCopyIcon fontSize="inherit" />
    </IconButton>
  );
}

/** The account's bank, number and holder in one line, as the confirmation and the list read it. */
export function accountText(account: Account): string {
  return `${account.bankName} ${account.bankAccountNumber} ${account.bankAccountHolder}`;
}

/** The won of a request that go to an account: its bank-transfer parts (all of it for requests without parts). */
export function wonToAccount(refund: { amount: number; parts?: CoinRefundPart[] }): number {
  const byTransfer = refund.parts?.filter((part) => part.via === 'BANK_TRANSFER') ?? [];
  return byTransfer.length > 0 ? byTransfer.reduce((sum, part) => sum + part.amount, 0) : refund.amount;
}

/**
 * Where a refund request's money goes, the one place the fan was told too: the account (bank, number, holder; each with
 * a copy button when `copy`), back to the payment methods (a withdrawn bank deposit to the account it came from), or
 * both for a split request (`toAccountWon`: what goes to the account).
 */
export function RefundDestination({
  destination,
  copy = false,
  toAccountWon,
}: {
  destination: Destination;
  copy?: boolean;
  toAccountWon?: number;
}) {
  const translate = useTranslate();
  const label = useCodeLabel();
  const [locale] = useLocaleState();
  if (destination.kind === 'ORIGINAL_METHOD') {
    if (destination.methods.includes('withoutbankbook')) {
      return <span>{translate('console.refunds.toDepositingAccount')}</span>;
    }
    const methods = destination.methods.map((method) => label('payMethod', method)).join(', ');
    return <span>{translate('console.refunds.toPaymentMethods', { methods })}</span>;
  }
  if (destination.kind === 'SPLIT') {
    const methods = destination.methods.map((method) => label('payMethod', method)).join(', ');
    return (
      <span>
        <span style={{ display: 'block' }}>{translate('console.refunds.toPaymentMethods', { methods })}</span>
        {toAccountWon !== undefined && (
          <span style={{ display: 'block' }}>
            {translate('console.refunds.splitAccount', { amount: toAccountWon.toLocaleString(locale) })}
          </span>
        )}
        <RefundAccount account={destination.account} copy={copy} />
      </span>
    );
  }
  return <RefundAccount account={destination.account} copy={copy} />;
}

/** The account's bank, number and holder, each with a copy button when `copy`. */
function RefundAccount({ account, copy }: { account: Account | null; copy: boolean }) {
  const translate = useTranslate();
  if (!account) return <span>{translate('console.refunds.accountErased')}</span>;
  const values: [key: string, value: string][] = [
    ['bank', account.bankName],
    ['number', account.bankAccountNumber],
    ['holder', account.bankAccountHolder],
  ];
  return (
    <Box component="span" data-testid="refund-account" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
      {values.map(([key, value]) => (
        <Box component="span" key={key} sx={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center' }}>
          {value}
          {copy && <CopyButton value={value} label={translate(`console.refunds.${key}`)} />}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The list's destination column; below 900 px in short (the bank and the number's last digits, or "payment method"),
 * so that the row keeps readable words; the request's page has it whole.
 */
export function RefundDestinationColumn() {
  const record = useRecordContext<{ destination?: Destination }>();
  const wide = useWideConsole();
  const translate = useTranslate();
  if (!record?.destination) return null;
  if (wide) return <RefundDestination destination={record.destination} />;
  const { destination } = record;
  if (destination.kind === 'ORIGINAL_METHOD') {
    const depositing = destination.methods.includes('withoutbankbook');
    return <span>{translate(depositing ? 'console.refunds.depositingShort' : 'console.refunds.paymentShort')}</span>;
  }
  if (!destination.account) return <span>-</span>;
  return (
    <span>
      {destination.kind === 'SPLIT' && (
        <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{translate('console.refunds.paymentShort')} +</span>
      )}
      <span style={{ display: 'block', whiteSpace: 'nowrap' }}>{destination.account.bankName}</span>
      <span style={{ whiteSpace: 'nowrap' }}>…{destination.account.bankAccountNumber.slice(-4)}</span>
    </span>
  );
}

/**
 * "Mark paid" is for money finance sends by hand (the server's rule, services/src/coin-history/refund-finance.ts): a
 * request whose money goes to an account confirmed as the member's own, once its provider part went back.
 */
export const paidByHand = (refund: {
  status: string;
  destination: Destination;
  accountVerifiedAs: AdminCoinRefund['accountVerifiedAs'];
  parts: CoinRefundPart[];
}) => {
  if (refund.status !== 'requested') return false;
  const { destination } = refund;
  if (destination.kind === 'ORIGINAL_METHOD') return destination.methods.includes('withoutbankbook');
  const providerPartOpen = refund.parts.some(
    (part) => part.via === 'PROVIDER' && part.amount > 0 && !part.providerRefundId,
  );
  return refund.accountVerifiedAs !== null && !providerPartOpen;
};

/** Whether the account of a request was confirmed as the member's own, and how; a warning when it was not. */
export function RefundAccountCheck() {
  const record = useRecordContext<AdminCoinRefund>();
  const translate = useTranslate();
  if (!record || record.destination.kind === 'ORIGINAL_METHOD' || !record.destination.account) return null;
  if (record.accountVerifiedAs) {
    const how = translate(`console.refunds.verifiedAs.${record.accountVerifiedAs}`);
    return <span>{translate('console.refunds.accountVerified', { how })}</span>;
  }
  return (
    <Box component="span" role="alert" sx={{ color: 'error.main' }}>
      {translate('console.refunds.accountUnverified')}
    </Box>
  );
}

/** The charges a refund request pays back, each in its own currency, and whether its provider refunded it. */
export function RefundParts({ linked = false }: { linked?: boolean }) {
  const record = useRecordContext<{ parts?: CoinRefundPart[] }>();
  const translate = useTranslate();
  const label = useCodeLabel();
  const [locale] = useLocaleState();
  if (!record?.parts?.length) return null;
  return (
    <span>
      {record.parts.map((part, index) => (
        <span key={part.paymentId ?? `bank-${index}`} style={{ display: 'block' }}>
          {linked && part.paymentId && (
            <>
              <Link to={`/payments/${encodeURIComponent(part.paymentId)}/show`}>{part.paymentId}</Link>
              {' · '}
            </>
          )}
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
 * A refund request's coins and money as its confirmations name them, and the account it is paid to (marking it paid
 * says the money went there); `next` says what the decision does.
 */
export function refundFacts(
  refund: {
    username: string;
    email?: string | null;
    refundCoins: number;
    amount: number;
    destination?: Destination;
    parts?: CoinRefundPart[];
  },
  next: string,
  approval?: MoneyFacts['approval'],
): MoneyFacts {
  const toAccount = refund.destination?.kind === 'BANK_ACCOUNT' || refund.destination?.kind === 'SPLIT';
  const account =
    toAccount && refund.destination && 'account' in refund.destination ? refund.destination.account : null;
  return {
    who: refund.email ? `${refund.username} (${refund.email})` : refund.username,
    coins: refund.refundCoins,
    // Marking paid says what went to the account: a split request's provider part went back through its provider.
    money: { amount: account ? wonToAccount(refund) : refund.amount, currency: 'KRW' },
    ...(account && { account: accountText(account) }),
    next,
    ...(approval && { approval }),
  };
}

/**
 * Finance's "Refund at provider": the card and PayPal charges of a requested refund go back through their providers
 * (POST …/provider-refund); shown for a request whose destination is the payment methods, while one of its charges is
 * not refunded yet. A dialog names the member and the amount
 * first.
 */
export function ProviderRefundAction() {
  const record = useRecordContext<{
    id: number;
    status: string;
    username: string;
    refundCoins: number;
    amount: number;
    destination: Destination;
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
  // Only for a request that goes back to the payment methods: money for an account is sent there, by hand.
  if (!record || !allowed || record.status !== 'requested' || !open || !refundsThroughProvider(record.destination)) {
    return null;
  }
  const label = translate('console.actions.refundAtProvider');
  const refund = async () => {
    setPending(true);
    try {
      const { status, json } = await httpClient(`/api/admin/coin-refunds/${record.id}/provider-refund`, {
        method: 'POST',
        body: JSON.stringify({}),
      });
      setAsking(false);
      // Above the approval limit the refund waits for a second finance member (202).
      if (status === 202) {
        const [key, args] = approvalSentNotice(json as AdminApproval);
        notify(key, { type: 'info', messageArgs: args });
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
