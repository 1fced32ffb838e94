/*
 * The console's coin money resources: bank transfer deposits (confirmed, rejected or failed by finance), coin refund
 * requests (paid or refused), and the coin items members buy. Settlements are in settlements.tsx, comment coin events
 * in comment-events.tsx.
 */
import { formatNumber } from '@fanmission/contracts';
import type { AdminBankTransfer, AdminCoinRefund } from '@fanmission/contracts';
import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  FunctionField,
  NumberField,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { KstDateField, formatKst, formatKstDay } from '../format/kst';
import type { WithPendingApproval } from '../data-provider';
import { announceApprovalsChanged } from '../approval-counts';
import { CodeField, codeChoices } from './code-field';
import { ActionsColumn, ConsoleList, WRAP, WritableList, useWideConsole } from './list-actions';
import type { MoneyFacts } from './money-confirm';
import { ProviderRefundAction, RefundParts, refundFacts } from './refunds';
import { UpdateAction } from './update-action';

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
 * Open requests first: the list opens on those still to pay, the nearest due first (clearing the status filter shows
 * every request). Below 900 px the id, the kind, what goes back where, and the request date are left out; the
 * decisions share one column.
 */
export const CoinRefundList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      filters={refundFilters}
      filterDefaultValues={{ status: 'requested' }}
      sort={{ field: 'dueOn', order: 'ASC' }}
    >
      {wide && <TextField source="id" />}
      <TextField source="username" sx={WRAP} />
      {wide && <CodeField source="kind" family="coinRefundKind" />}
      <NumberField source="refundCoins" />
      <NumberField source="amount" />
      {wide && <FunctionField source="parts" render={() => <RefundParts />} />}
      <CodeField source="status" family="coinRefundStatus" />
      {wide && <KstDateField source="requestedAt" />}
      <FunctionField source="dueOn" render={(record: { dueOn: string }) => formatKstDay(record.dueOn)} />
      <TextField source="refusalReason" sx={WRAP} />
      <ActionsColumn label="console.actions.column">
        <ProviderRefundAction />
        {/* Above the approval limit in won, marking paid waits for a second finance member. */}
        <UpdateAction<AdminCoinRefund>
          label="console.actions.markPaid"
          color="success"
          show={(record) => record.status === 'requested'}
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
      </ActionsColumn>
    </ConsoleList>
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
