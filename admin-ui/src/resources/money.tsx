/*
 * The console's coin money resources: bank transfer deposits (confirmed, rejected or failed by finance), coin refund
 * requests (paid or refused), and the coin items members buy. Settlements are in settlements.tsx, comment coin events
 * in comment-events.tsx.
 */
import { formatNumber } from '@fanmission/contracts';
import type { AdminBankTransfer, AdminCoinRefund, AdminCoinRefundDetail } from '@fanmission/contracts';
import {
  ArrayField,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  NumberField,
  NumberInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  required,
  useNotify,
  useRedirect,
  useTranslate,
  type RaRecord,
  type ShowProps,
} from 'react-admin';
import { KstDateField, formatKst, formatKstDay } from '../format/kst';
import type { WithPendingApproval } from '../data-provider';
import { announceApprovalsChanged } from '../approval-counts';
import { CodeField, codeChoices } from './code-field';
import { ActionsColumn, ConsoleList, NAME_TEXT, WRAP, WritableList, useWideConsole } from './list-actions';
import type { MoneyFacts } from './money-confirm';
import {
  paidByHand,
  ProviderRefundAction,
  RefundDestination,
  RefundDestinationColumn,
  RefundParts,
  refundFacts,
  RefundAccountCheck,
  wonToAccount,
} from './refunds';
import { UpdateAction } from './update-action';
import { UnlessWaiting } from './pending-approval';

const depositFilters = [
  <SelectInput key="status" source="status" choices={codeChoices('depositStatus')} alwaysOn />,
  <TextInput key="q" source="q" label="ra.action.search" />,
];

/** A deposit's member (and the name the money came under), its coins and the won expected. */
const depositFacts = (transfer: AdminBankTransfer, next: string): MoneyFacts => ({
  who: `${transfer.username} (${transfer.depositorName})`,
  coins: transfer.coinItem.point,
  money: { amount: transfer.amount, currency: 'KRW' },
  next,
});

/**
 * A deposit's cash receipt: what the fan asked for, then its approval number once issued, or the provider's failures
 * and the next try (the coins are credited whatever the provider answers).
 */
function CashReceiptCell({ transfer }: { transfer: AdminBankTransfer }) {
  const translate = useTranslate();
  const receipt = transfer.cashReceipt;
  if (!receipt) return <>-</>;
  const state =
    receipt.status === 'ISSUED'
      ? translate('console.cashReceipts.issued', { approvalNumber: receipt.approvalNumber })
      : receipt.lastError === null
        ? translate('console.cashReceipts.waiting')
        : receipt.nextAttemptAt
          ? translate('console.cashReceipts.failed', {
              attempts: receipt.attempts,
              error: receipt.lastError,
              next: formatKst(receipt.nextAttemptAt, { showTime: true }),
            })
          : translate('console.cashReceipts.stopped', { error: receipt.lastError });
  return (
    <>
      {translate(`console.cashReceipts.${receipt.receiptType}`, { number: receipt.number })}
      <br />
      {state}
    </>
  );
}

export const BankTransferList = () => (
  <ConsoleList
    filters={depositFilters}
    filterDefaultValues={{ status: 'ready' }}
    sort={{ field: 'created', order: 'ASC' }}
  >
    <TextField source="id" />
    <TextField source="username" />
    <NumberField source="coinItem.point" />
    <NumberField source="amount" />
    <TextField source="depositorName" />
    <TextField source="depositorPhone" />
    <FunctionField<AdminBankTransfer>
      source="cashReceipt"
      sortable={false}
      render={(record) => <CashReceiptCell transfer={record} />}
    />
    <CodeField source="status" family="depositStatus" />
    <KstDateField source="created" showTime />
    <ActionsColumn label="console.actions.column">
      <UpdateAction<AdminBankTransfer>
        label="console.actions.confirmDeposit"
        color="success"
        show={(record) => record.status === 'ready'}
        patch={() => ({ status: 'paid' })}
        confirm={(record) => ({
          ...depositFacts(record, 'console.confirm.next.depositPaid'),
          nextArgs: {
            name: record.depositorName,
            amount: formatNumber(record.amount),
            date: formatKst(record.created, { showTime: true }),
          },
          approval: 'aboveDepositWon',
        })}
      />
      <UpdateAction<AdminBankTransfer>
        label="console.actions.rejectDeposit"
        reasonLabel="console.actions.reason"
        color="error"
        show={(record) => record.status === 'ready'}
        patch={(_, reason) => ({ status: 'cancelled', note: reason })}
        confirm={(record) => depositFacts(record, 'console.confirm.next.depositRejected')}
      />
      {/* The money did not arrive as asked: the fan reads "failed, contact support", support reads the reason. */}
      <UpdateAction<AdminBankTransfer>
        label="console.actions.failDeposit"
        reasonLabel="console.actions.reason"
        color="warning"
        show={(record) => record.status === 'ready'}
        patch={(_, reason) => ({ status: 'failed', note: reason })}
        confirm={(record) => depositFacts(record, 'console.confirm.next.depositFailed')}
      />
    </ActionsColumn>
  </ConsoleList>
);

const refundFilters = [<SelectInput key="status" source="status" choices={codeChoices('coinRefundStatus')} alwaysOn />];

/**
 * A refund request's decisions: refund at the providers or mark paid, whichever matches where its money goes (the
 * server refuses the other), and refuse with a reason. Marking paid names the member, the amount and the account.
 */
function RefundActions() {
  return (
    <>
      <ProviderRefundAction />
      {/* Above the approval limit in won, marking paid waits for a second finance member. */}
      <UpdateAction<AdminCoinRefund>
        label="console.actions.markPaid"
        color="success"
        show={paidByHand}
        patch={() => ({ status: 'paid' })}
        patchOnly
        confirm={(record) => refundFacts(record, 'console.confirm.next.refundPaid', 'aboveWon')}
      />
      <UpdateAction<AdminCoinRefund>
        label="console.actions.refuseRefund"
        reasonLabel="console.actions.refusalReason"
        color="error"
        show={(record) => record.status === 'requested'}
        patch={(_, reason) => ({ status: 'refused', refusalReason: reason })}
        patchOnly
        confirm={(record) => ({
          ...refundFacts(record, 'console.confirm.next.refundRefused'),
          nextArgs: { coins: record.coins },
        })}
      />
    </>
  );
}

/**
 * Open requests first: the list opens on those still to pay, the nearest due first (clearing the status filter shows
 * every request). Where the money goes is a column of its own; a row opens the request. Below 900 px the id, the kind,
 * the coins (the won stay), the charges paid back, the request date and the refusal reason (the request's page has
 * it) are left out, so that the member's name keeps whole syllables; the decisions share one column.
 */
export const CoinRefundList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      filters={refundFilters}
      filterDefaultValues={{ status: 'requested' }}
      sort={{ field: 'dueOn', order: 'ASC' }}
      rowClick="show"
    >
      {wide && <TextField source="id" />}
      <TextField source="username" sx={NAME_TEXT} />
      {wide && <CodeField source="kind" family="coinRefundKind" />}
      {wide && <NumberField source="refundCoins" />}
      <NumberField source="amount" />
      <FunctionField source="destination" sortable={false} render={() => <RefundDestinationColumn />} />
      {wide && <FunctionField source="parts" sortable={false} render={() => <RefundParts />} />}
      <CodeField source="status" family="coinRefundStatus" />
      {wide && <KstDateField source="requestedAt" />}
      <FunctionField source="dueOn" render={(record: { dueOn: string }) => formatKstDay(record.dueOn)} />
      {wide && <TextField source="refusalReason" sx={WRAP} />}
      <ActionsColumn label="console.actions.column">
        {/* A refund whose payment already waits for approval links to that request instead. */}
        <UnlessWaiting target="refund">
          <RefundActions />
        </UnlessWaiting>
      </ActionsColumn>
    </ConsoleList>
  );
};

/**
 * One refund request (`/coin-refunds/:id/show`): the member, the coins and won with the fee, the dates, where the money
 * goes (an account's bank, number and holder each with a copy button), the charges it pays back (each opens its
 * payment), the approvals asked to pay it, and the decisions that match its destination.
 */
export const CoinRefundShow = (props: ShowProps) => {
  const wide = useWideConsole();
  return (
    <Show
      {...props}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
          <RefundActions />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="username" />
        <TextField source="email" emptyText="-" sx={WRAP} />
        <CodeField source="kind" family="coinRefundKind" />
        <CodeField source="status" family="coinRefundStatus" />
        <NumberField source="coins" />
        <NumberField source="feeCoins" />
        <NumberField source="refundCoins" />
        <NumberField source="amount" />
        <FunctionField
          source="destination"
          render={(record: AdminCoinRefundDetail) => (
            <RefundDestination destination={record.destination} copy toAccountWon={wonToAccount(record)} />
          )}
        />
        <FunctionField source="accountVerifiedAs" render={() => <RefundAccountCheck />} />
        <FunctionField source="parts" render={() => <RefundParts linked />} />
        <KstDateField source="requestedAt" showTime />
        <FunctionField source="dueOn" render={(record: { dueOn: string }) => formatKstDay(record.dueOn)} />
        <KstDateField source="paidAt" showTime emptyText="-" />
        <KstDateField source="refusedAt" showTime emptyText="-" />
        <TextField source="refusalReason" emptyText="-" sx={WRAP} />
        <TextField source="note" emptyText="-" sx={WRAP} />
        <ArrayField source="approvals">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span>-</span>}>
            <CodeField source="kind" family="approvalKind" />
            <CodeField source="status" family="approvalStatus" />
            <TextField source="makerEmail" emptyText="-" sx={WRAP} />
            {wide && <KstDateField source="createdAt" showTime />}
            <TextField source="deciderEmail" emptyText="-" sx={WRAP} />
            <KstDateField source="decidedAt" showTime emptyText="-" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
};

const coinItemForm = (
  <SimpleForm>
    <SelectInput source="itemType" choices={codeChoices('coinItemType')} validate={required()} />
    <TextInput source="name" validate={required()} />
    <NumberInput source="point" min={1} validate={required()} />
    <NumberInput source="price" min={0} validate={required()} helperText="console.coinItems.rate" />
    <NumberInput source="discount" min={0} defaultValue={0} />
    <NumberInput source="usdPrice" min={0} step={0.01} validate={required()} />
    <BooleanInput source="active" defaultValue />
    <NumberInput source="sortOrder" min={0} defaultValue={0} />
  </SimpleForm>
);

export const CoinItemList = () => (
  <WritableList resource="coin-items" sort={{ field: 'sortOrder', order: 'ASC' }}>
    <TextField source="id" />
    <CodeField source="itemType" family="coinItemType" />
    <TextField source="name" />
    <NumberField source="point" />
    <NumberField source="price" />
    <NumberField source="discount" />
    <NumberField source="usdPrice" />
    <BooleanField source="active" />
    <NumberField source="sortOrder" />
  </WritableList>
);
/**
 * A CASH item, or a BONUS item worth more than a grant may give alone, waits for a second finance member: its request
 * opens then.
 */
export const CoinItemCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: (data: RaRecord & WithPendingApproval) => {
          if (data.pendingApproval) {
            notify('console.approvals.requested', { type: 'info' });
            redirect('show', 'approvals', data.pendingApproval.id);
          } else redirect('list', 'coin-items');
        },
      }}
    >
      {coinItemForm}
    </Create>
  );
};

/**
 * Changing a CASH item's coins or prices, or raising a BONUS item's coins above the limit, is sent for approval; the
 * item stays as it is until then.
 */
export const CoinItemEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data: RaRecord & WithPendingApproval) => {
          if (data.pendingApproval) {
            notify('console.approvals.requested', { type: 'info' });
            announceApprovalsChanged();
          } else notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
          redirect('list', 'coin-items');
        },
      }}
    >
      {coinItemForm}
    </Edit>
  );
};
