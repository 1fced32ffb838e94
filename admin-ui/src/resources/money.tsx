import {
  COMMENT_EVENT_LIMITS,
  type AdminBankTransfer,
  type AdminCoinRefund,
  type AdminCommentEvent,
  type AdminSettlement,
  type AdminSettlementDetail,
  type StaffRole,
} from '@fanmission/contracts';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import {
  ArrayField,
  BooleanField,
  BooleanInput,
  Datagrid,
  Create,
  Edit,
  FunctionField,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  ReferenceField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  maxValue,
  required,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  type RaRecord,
  type ShowProps,
} from 'react-admin';
import { KstDateField, KstDateTimeInput, formatKstDay } from '../format/kst';
import { StatementAccountNotice } from './statement-account';
import { downloadFromApi, httpClient, type WithPendingApproval } from '../data-provider';
import { useCanWrite } from '../permissions';
import { announceApprovalsChanged } from '../approval-counts';
import { CodeField, codeChoices } from './code-field';
import { CreatorPayoutHistory } from './payout-accounts';
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
        confirm={(record) => depositFacts(record, 'console.confirm.next.depositPaid')}
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

/** Below 900 px the id, the kind, what goes back where, and the request date are left out; the decisions share one column. */
export const CoinRefundList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList filters={refundFilters} sort={{ field: 'dueOn', order: 'ASC' }}>
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
    <NumberInput source="price" min={0} validate={required()} />
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
    <NumberField source="usdPrice" />
    <BooleanField source="active" />
    <NumberField source="sortOrder" />
  </WritableList>
);
/** A BONUS item worth more than a grant may give alone waits for a second finance member: its request opens then. */
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

/** Raising a BONUS item's coins above the limit is sent for approval; the item stays as it is until then. */
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

/** The month's bank transfer file of settlements, downloaded with the session token. */
function TransferCsvButton() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const allowed = useCanWrite('settlements');
  const year = filterValues['year'] as number | undefined;
  const month = filterValues['month'] as number | undefined;
  if (!allowed) return null;
  return (
    <Button
      size="small"
      disabled={!year || !month}
      onClick={() =>
        downloadFromApi(`/api/admin/settlements/transfer-file?year=${year}&month=${month}`).catch((error: Error) =>
          notify(error.message, { type: 'error' }),
        )
      }
    >
      {translate('console.actions.downloadCsv')}
    </Button>
  );
}

const settlementFilters = [
  <NumberInput key="year" source="year" alwaysOn />,
  <NumberInput key="month" source="month" min={1} max={12} alwaysOn />,
  <SelectInput key="status" source="status" choices={codeChoices('statementStatus')} />,
  <NullableBooleanInput key="held" source="held" alwaysOn />,
];

/** A statement held after a payout account change, until finance releases it (docs/rules/settlement.md). */
const isHeld = (record: RaRecord) => record['held'] === true;

/** The hold's chip in a list or on the statement's page; nothing when the statement is not held. */
function HoldChip() {
  const record = useRecordContext<{ held?: boolean; holdReleasedAt?: string | null }>();
  const translate = useTranslate();
  if (!record) return null;
  // The error colour: MUI's warning orange under white text fails WCAG AA contrast (axe, 768 px check).
  if (record.held) return <Chip size="small" color="error" label={translate('console.settlements.held')} />;
  if (record.holdReleasedAt)
    return <Chip size="small" variant="outlined" label={translate('console.settlements.released')} />;
  return null;
}

/**
 * Finance releases a held statement, saying what it checked (the note is kept with the statement and audited); the
 * confirmation names the account the statement will pay.
 */
const ReleaseHoldAction = () => (
  <UpdateAction<AdminSettlement>
    label="console.actions.releaseHold"
    reasonLabel="resources.settlements.fields.holdReleaseNote"
    show={isHeld}
    patchOnly
    patch={(_, note) => ({ action: 'release', note })}
    confirm={(record) => statementFacts(record, 'console.confirm.next.statementRelease')}
  />
);

/**
 * A statement's creator, the coins it pays for and the won transferred; every decision on it waits for a second
 * finance member (services/src/income/console.ts `decideStatement`).
 */
const statementFacts = (statement: AdminSettlement, next: string): MoneyFacts => ({
  who: statement.bankName
    ? `${statement.creatorName} · ${statement.bankName} ${statement.bankAccountNumber ?? ''}`.trim()
    : statement.creatorName,
  coins: statement.totalEarningCoin,
  money: { amount: statement.toReceipt, currency: 'KRW' },
  next,
  nextArgs: { year: statement.year, month: statement.month },
  approval: 'always',
});

/** What finance decides on a statement, each asked first and then waiting for a second finance member. */
const StatementDecisions = () => (
  <>
    <ReleaseHoldAction />
    <UpdateAction<AdminSettlement>
      label="console.actions.approve"
      show={(record) => record.status === 'ISSUED' && !isHeld(record)}
      patch={() => ({ action: 'approve' })}
      confirm={(record) => statementFacts(record, 'console.confirm.next.statementApprove')}
    />
    <UpdateAction<AdminSettlement>
      label="console.actions.markPaid"
      reasonLabel="resources.settlements.fields.transferReference"
      color="success"
      show={(record) => record.status === 'APPROVED' && !isHeld(record)}
      confirm={(record) => statementFacts(record, 'console.confirm.next.statementPay')}
      patch={(_, reference) => ({
        action: 'pay',
        transferReference: reference,
        transferDate: new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10),
      })}
    />
  </>
);

/** The statement as its creator downloads it (PDF and CSV, in the console's language). */
function StatementDocuments() {
  const record = useRecordContext<AdminSettlement>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!record) return null;
  return (
    <>
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          onClick={() =>
            downloadFromApi(`/api/admin/settlements/${record.id}/${format}`).catch((error: Error) =>
              notify(error.message, { type: 'error' }),
            )
          }
        >
          {translate(`console.actions.statement${format === 'pdf' ? 'Pdf' : 'Csv'}`)}
        </Button>
      ))}
    </>
  );
}

/** The missions the statement pays for (its own month's and the carried-over months' it paid), oldest first. */
function StatementLines() {
  const translate = useTranslate();
  const record = useRecordContext<AdminSettlementDetail>();
  const headingId = useId();
  if (!record?.lines) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0, overflowX: 'auto' }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('resources.settlements.lines', { count: record.lines.length })}
      </Typography>
      {record.carriedStatementIds.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.settlements.carried', {
            ids: record.carriedStatementIds.map((id) => `#${id}`).join(', '),
          })}
        </Typography>
      )}
      <ArrayField source="lines">
        {/* One line a mission: on a phone the table scrolls sideways inside its section, not the page. */}
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Empty />}
          sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}
        >
          <KstDateField source="releasedAt" label="resources.settlements.fields.releasedAt" showTime />
          <ReferenceField
            source="missionId"
            reference="missions"
            label="resources.settlements.fields.missionId"
            link="show"
            emptyText="-"
          >
            <TextField source="id" />
          </ReferenceField>
          <CodeField
            source="missionProductType"
            family="productType"
            label="resources.settlements.fields.missionProductType"
            emptyText="-"
          />
          <TextField
            source="missionProductName"
            label="resources.settlements.fields.missionProductName"
            emptyText="-"
            sx={WRAP}
          />
          <TextField source="username" label="resources.settlements.fields.username" emptyText="-" sx={WRAP} />
          <NumberField source="coins" label="resources.settlements.fields.coins" />
        </Datagrid>
      </ArrayField>
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Typography variant="body2">{translate('resources.settlements.noLines')}</Typography>;
}

/** Below 900 px the id and the coins earned are left out (both on the settlement's page); the decisions share a column. */
export const SettlementList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      rowClick="show"
      filters={settlementFilters}
      sort={{ field: 'status', order: 'ASC' }}
      actions={
        <TopToolbar>
          <TransferCsvButton />
        </TopToolbar>
      }
      empty={false}
    >
      {wide && <TextField source="id" />}
      <TextField source="year" />
      <TextField source="month" />
      <TextField source="creatorName" sx={WRAP} />
      {wide && <NumberField source="totalEarningCoin" />}
      <NumberField source="income" />
      <NumberField source="toReceipt" />
      <CodeField source="status" family="statementStatus" />
      <FunctionField source="held" render={() => <HoldChip />} />
      <ActionsColumn label="console.actions.column">
        <StatementDecisions />
      </ActionsColumn>
    </ConsoleList>
  );
};

/**
 * A statement: its amounts, the account it pays, its hold after a payout account change (with the release button and
 * the change that held it), and the creator's payout account history.
 */
export const SettlementShow = (props: Pick<ShowProps, 'id' | 'resource'>) => (
  <Show
    {...props}
    actions={
      <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <StatementDocuments />
        <StatementDecisions />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <StatementAccountNotice />
      <TextField source="id" />
      <TextField source="year" />
      <TextField source="month" />
      <TextField source="creatorName" />
      <NumberField source="totalEarningCoin" />
      <NumberField source="income" />
      <NumberField source="toReceipt" />
      <CodeField source="status" family="statementStatus" />
      <KstDateField source="created" showTime />
      <FunctionField source="dueDate" render={(record: { dueDate: string | null }) => formatKstDay(record.dueDate)} />
      <KstDateField source="approvedAt" showTime emptyText="-" />
      <KstDateField source="paidAt" showTime emptyText="-" />
      <FunctionField
        source="transferDate"
        render={(record: { transferDate: string | null }) => formatKstDay(record.transferDate)}
      />
      <TextField source="transferReference" emptyText="-" />
      <FunctionField
        source="bankAccountNumber"
        render={(record: {
          bankName: string | null;
          bankAccountNumber: string | null;
          bankAccountHolder: string | null;
        }) =>
          record.bankName
            ? `${record.bankName} ${record.bankAccountNumber ?? ''} · ${record.bankAccountHolder ?? ''}`
            : '-'
        }
      />
      <FunctionField source="held" render={() => <HoldChip />} />
      <ReferenceField source="holdAccountChangeId" reference="payout-account-changes" link="show" emptyText="-">
        <KstDateField source="changedAt" showTime />
      </ReferenceField>
      <KstDateField source="holdReleasedAt" showTime emptyText="-" />
      <TextField source="holdReleaseNote" emptyText="-" />
      <StatementLines />
      <CreatorPayoutHistory source="creatorId" label="resources.payout-account-changes.history" />
    </SimpleShowLayout>
  </Show>
);

const commentEventForm = (
  <SimpleForm>
    <TextInput source="title" validate={[required(), maxLength(100)]} fullWidth />
    <KstDateTimeInput source="startsAt" validate={required()} />
    <KstDateTimeInput source="endsAt" validate={required()} />
    <NumberInput source="winProbability" min={0} max={100} step={0.1} validate={required()} />
    <NumberInput
      source="coinsPerWin"
      min={1}
      max={COMMENT_EVENT_LIMITS.coinsPerWin}
      validate={[required(), maxValue(COMMENT_EVENT_LIMITS.coinsPerWin)]}
    />
    <NumberInput source="dailyBudget" min={1} validate={required()} />
  </SimpleForm>
);

/**
 * Finance's approval of a comment coin event's daily budget above what operators may grant alone (the event pays no
 * win until then); shown to finance on a pending event. The server refuses the event's own author.
 */
function CommentEventBudgetApproval() {
  const record = useRecordContext<AdminCommentEvent>();
  const { permissions } = usePermissions<StaffRole[]>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!record || record.budgetApproval !== 'PENDING' || !permissions?.includes('ROLE_FINANCE')) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={pending}
      onClick={async (event) => {
        event.stopPropagation();
        setPending(true);
        try {
          await httpClient(`/api/admin/comment-events/${record.id}/budget-approval`, { method: 'POST', body: '{}' });
          notify('console.commentEvents.budgetApproved', { type: 'success' });
          refresh();
        } catch (error) {
          notify((error as Error).message, { type: 'error' });
        } finally {
          setPending(false);
        }
      }}
    >
      {translate('console.actions.approveBudget')}
    </Button>
  );
}

export const CommentEventList = () => (
  <ConsoleList rowClick={useCanWrite('comment-events') ? 'edit' : false} empty={false}>
    <TextField source="id" />
    <TextField source="title" />
    <KstDateField source="startsAt" showTime />
    <KstDateField source="endsAt" showTime />
    <NumberField source="winProbability" />
    <NumberField source="coinsPerWin" />
    <NumberField source="dailyBudget" />
    <CodeField source="budgetApproval" family="budgetApproval" />
    <ActionsColumn label="console.actions.column">
      <CommentEventBudgetApproval />
    </ActionsColumn>
    <NumberField source="wins" />
    <NumberField source="paidCoins" />
    <TextField source="commitment" sx={{ fontFamily: 'monospace', fontSize: 11 }} />
  </ConsoleList>
);
export const CommentEventCreate = () => <Create redirect="list">{commentEventForm}</Create>;
export const CommentEventEdit = () => <Edit mutationMode="pessimistic">{commentEventForm}</Edit>;
