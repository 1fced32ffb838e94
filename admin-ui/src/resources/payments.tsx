import type { AdminPayment, AdminPaymentDetail } from '@fanmission/contracts';
import {
  ArrayField,
  Datagrid,
  DateInput,
  FunctionField,
  NumberField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  type ShowProps,
} from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField, codeChoices } from './code-field';
import { ConsoleList, WRAP, useWideConsole } from './list-actions';
import { ReasonAction } from './reason-action';
import { formatMinorUnits } from './money-confirm';

/** A day picked in the filter as the instant its day starts, or ends, in Korea (orders are dated in KST). */
const koreanDayStart = (day: string) => (day ? `${day}T00:00:00+09:00` : undefined);
const koreanDayEnd = (day: string) => (day ? `${day}T24:00:00+09:00` : undefined);
const dayOf = (instant: string | undefined) => (instant ? instant.slice(0, 10) : '');

const paymentFilters = [
  <TextInput key="q" source="q" label="console.payments.search" alwaysOn resettable />,
  <SelectInput key="status" source="status" choices={codeChoices('paymentStatus')} />,
  <SelectInput key="provider" source="provider" choices={codeChoices('paymentProvider')} />,
  <SelectInput key="payMethod" source="payMethod" choices={codeChoices('payMethod')} />,
  <DateInput key="from" source="from" label="console.payments.from" parse={koreanDayStart} format={dayOf} />,
  <DateInput key="to" source="to" label="console.payments.to" parse={koreanDayEnd} format={dayOf} />,
];

/** The amount in its own currency (won, or US dollars for PayPal). */
function Amount({ source }: { source: 'amount' | 'refundedAmount' }) {
  const record = useRecordContext<AdminPayment>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return <span>{formatMinorUnits(record[source], record.currency, locale)}</span>;
}

/**
 * `/api/admin/payments`: card, KakaoPay and PayPal payments, newest first, found by payment id, the provider's id,
 * the member's e-mail or username; a row opens the payment. Below 900 px the id, provider, method and coins are
 * left out.
 */
export const PaymentList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList filters={paymentFilters} sort={{ field: 'createdAt', order: 'DESC' }} rowClick="show">
      {wide && <TextField source="id" sx={WRAP} />}
      <TextField source="username" sx={WRAP} />
      {wide && <NumberField source="coins" />}
      <FunctionField source="amount" render={() => <Amount source="amount" />} />
      {wide && <CodeField source="provider" family="paymentProvider" />}
      {wide && <CodeField source="payMethod" family="payMethod" />}
      <CodeField source="status" family="paymentStatus" />
      <KstDateField source="createdAt" showTime />
    </ConsoleList>
  );
};

/**
 * Finance's "Cancel at provider": names the member and the amount, asks for the reason, then POST …/cancel (the fan's
 * withdrawal of the charge, refunded at its provider at once). Shown on a paid payment nothing was refunded of yet.
 */
export const CancelPaymentAction = () => (
  <ReasonAction<AdminPaymentDetail>
    resource="payments"
    label="console.payments.cancel"
    color="error"
    url={(record) => `/api/admin/payments/${encodeURIComponent(record.id)}/cancel`}
    show={(record) => record.status === 'paid' && record.deposit !== null && record.refundedAmount === 0}
    done="console.payments.cancelled"
    // Above the approval limit in won (its coins × 100), the cancel waits for a second finance member.
    confirm={(record) => ({
      who: record.email ? `${record.username} (${record.email})` : record.username,
      coins: record.coins,
      money: { amount: record.amount, currency: record.currency },
      next: 'console.confirm.next.paymentCancel',
      approval: 'aboveWon',
    })}
  />
);

/** Headers break between words only (a narrow column split 회수 코인 into one letter a line). */
const HISTORY_TABLE = { '& .MuiTableCell-head': { wordBreak: 'keep-all' } } as const;

/**
 * One payment: the member, the item, the amounts, every status change and webhook, the deposit and the refunds. Below
 * 900 px the tables keep their essential columns (the provider's refund id, a webhook's detail and the shortfall are
 * left out) so that none is squeezed into a letter a line.
 */
export const PaymentShow = (props: ShowProps) => {
  const wide = useWideConsole();
  return (
    <Show
      {...props}
      actions={
        <TopToolbar>
          <CancelPaymentAction />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" sx={WRAP} />
        <TextField source="username" />
        <TextField source="email" emptyText="-" sx={WRAP} />
        <TextField source="coinItem.name" />
        <NumberField source="coins" />
        <FunctionField source="amount" render={() => <Amount source="amount" />} />
        <FunctionField source="refundedAmount" render={() => <Amount source="refundedAmount" />} />
        <CodeField source="provider" family="paymentProvider" />
        <CodeField source="payMethod" family="payMethod" />
        <CodeField source="status" family="paymentStatus" />
        <TextField source="providerPaymentId" emptyText="-" sx={WRAP} />
        <TextField source="failureReason" emptyText="-" />
        <KstDateField source="createdAt" showTime />
        <KstDateField source="paidAt" showTime emptyText="-" />
        <TextField source="deposit.id" emptyText="-" />
        <TextField source="deposit.ledgerTransactionId" emptyText="-" />
        <ArrayField source="events">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>-</span>} sx={HISTORY_TABLE}>
            <CodeField source="kind" family="paymentEventKind" />
            <CodeField source="status" family="paymentStatus" emptyText="-" />
            {wide && <TextField source="detail" emptyText="-" sx={WRAP} />}
            <KstDateField source="at" showTime />
          </Datagrid>
        </ArrayField>
        <ArrayField source="reversals">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>-</span>} sx={HISTORY_TABLE}>
            {wide && <TextField source="providerRefundId" sx={WRAP} />}
            <CodeField source="kind" family="paymentReversalKind" />
            <FunctionField
              source="amount"
              render={(reversal: { amount: number; currency: string }) => (
                <ReversalAmount amount={reversal.amount} currency={reversal.currency} />
              )}
            />
            <NumberField source="coinsTaken" />
            {wide && <NumberField source="shortfallCoins" />}
            <KstDateField source="at" showTime />
          </Datagrid>
        </ArrayField>
        <ArrayField source="refunds">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>-</span>} sx={HISTORY_TABLE}>
            {wide && <TextField source="id" />}
            <CodeField source="kind" family="coinRefundKind" />
            <CodeField source="status" family="coinRefundStatus" />
            <NumberField source="coins" />
            <KstDateField source="requestedAt" showTime />
            {wide && <KstDateField source="paidAt" showTime emptyText="-" />}
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
};

function ReversalAmount({ amount, currency }: { amount: number; currency: string }) {
  const [locale] = useLocaleState();
  return <span>{formatMinorUnits(amount, currency, locale)}</span>;
}
