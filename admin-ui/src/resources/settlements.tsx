/*
 * The console's settlements: the monthly statements finance decides on (approve, pay, release a hold after a payout
 * account change, each waiting for a second finance member), their documents and mission lines, the month's
 * transfer batch (./transfer-batches.tsx) and the withholding summary.
 */
import { formatNumber } from '@fanmission/contracts';
import type { AdminSettlement, AdminSettlementDetail } from '@fanmission/contracts';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { useId } from 'react';
import {
  ArrayField,
  Datagrid,
  FunctionField,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  ReferenceField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type ShowProps,
} from 'react-admin';
import { KstDateField, formatKstDay } from '../format/kst';
import { StatementAccountNotice } from './statement-account';
import { downloadFromApi } from '../data-provider';
import { useCanWrite } from '../permissions';
import { CodeField, codeChoices } from './code-field';
import { CreatorPayoutHistory } from './payout-accounts';
import { ActionsColumn, ConsoleList, WRAP, useWideConsole } from './list-actions';
import type { MoneyFacts } from './money-confirm';
import { UpdateAction } from './update-action';
import { BatchButton, MonthNeededHint, useMonthFilter } from './settlement-batches';
import { CreateTransferBatchButton, StatementStatusField } from './transfer-batches';
import { UnlessWaiting } from './pending-approval';

/** A month's CSV of the settlements (`file` under /api/admin/settlements), downloaded with the session token. */
function MonthCsvButton({ file, label }: { file: 'withholding-summary'; label: string }) {
  const month = useMonthFilter();
  const translate = useTranslate();
  const notify = useNotify();
  const allowed = useCanWrite('settlements');
  if (!allowed) return null;
  return (
    <Button
      size="small"
      disabled={!month}
      onClick={() =>
        downloadFromApi(`/api/admin/settlements/${file}?year=${month?.year}&month=${month?.month}`).catch(
          (error: Error) => notify(error.message, { type: 'error' }),
        )
      }
    >
      {translate(label)}
    </Button>
  );
}

const settlementFilters = [
  <NumberInput key="year" source="year" alwaysOn />,
  <NumberInput key="month" source="month" min={1} max={12} alwaysOn />,
  <SelectInput key="status" source="status" choices={codeChoices('statementStatus')} />,
  <NullableBooleanInput key="held" source="held" alwaysOn />,
];

/**
 * A held statement (docs/rules/settlement.md, holds): its account's holder is not verified, or a payout account change
 * waits for finance's release. Neither approved nor paid while held.
 */
const isHeld = (record: RaRecord) => record['held'] === true;

/** A payout account change's hold not released yet: what finance's release acts on. */
const changeHoldOpen = (record: RaRecord) =>
  record['holdAccountChangeId'] !== null && record['holdAccountChangeId'] !== undefined && !record['holdReleasedAt'];

/** The hold's chip, naming its reason, in a list or on the statement's page; nothing when the statement is not held. */
function HoldChip() {
  const record = useRecordContext<Pick<AdminSettlement, 'held' | 'holdReason' | 'holdReleasedAt'>>();
  const translate = useTranslate();
  if (!record) return null;
  // The error colour: MUI's warning orange under white text fails WCAG AA contrast (axe, 768 px check).
  if (record.held) {
    const label = translate(`console.settlements.heldFor.${record.holdReason ?? 'ACCOUNT_CHANGED'}`);
    return <Chip size="small" color="error" label={label} data-testid="statement-hold" />;
  }
  if (record.holdReleasedAt)
    return <Chip size="small" variant="outlined" label={translate('console.settlements.released')} />;
  return null;
}

/** The account-holder check of the account the statement pays, with the holder the bank answered. */
function PayToVerification() {
  const record = useRecordContext<AdminSettlement>();
  const translate = useTranslate();
  if (!record?.payToVerification) return <>-</>;
  return (
    <>
      {translate(`console.settlements.verification.${record.payToVerification}`, {
        holder: record.payToBankHolder ?? '-',
      })}
    </>
  );
}

/** Why the statement is held and what lifts it, on its page. */
function HoldNotice() {
  const record = useRecordContext<AdminSettlement>();
  const translate = useTranslate();
  if (!record?.holdReason) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }} data-testid="statement-hold-notice">
      {translate(`console.settlements.holdNotice.${record.holdReason}`, { holder: record.payToBankHolder ?? '-' })}
    </Alert>
  );
}

/**
 * Finance releases a held statement, saying what it checked (the note is kept with the statement and audited); the
 * confirmation names the account the statement will pay.
 */
const ReleaseHoldAction = () => (
  <UpdateAction<AdminSettlement>
    label="console.actions.releaseHold"
    reasonLabel="resources.settlements.fields.holdReleaseNote"
    show={changeHoldOpen}
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

/** A row finance may select for a batch: ISSUED (to approve) or APPROVED (to pay), and not held. */
const batchSelectable = (record: RaRecord) =>
  (record['status'] === 'ISSUED' || record['status'] === 'APPROVED') && !isHeld(record);

/**
 * Below 900 px the id and the coins earned are left out (both on the settlement's page); the decisions share a column.
 * The rows selected go into one batch request (docs/rules/settlement.md, batches).
 */
export const SettlementList = () => {
  const wide = useWideConsole();
  const allowed = useCanWrite('settlements');
  return (
    <ConsoleList
      rowClick="show"
      bulkActionButtons={
        allowed && (
          <>
            <BatchButton action="approve" selected />
            <BatchButton action="pay" selected />
            <MonthNeededHint />
          </>
        )
      }
      isRowSelectable={batchSelectable}
      filters={settlementFilters}
      sort={{ field: 'status', order: 'ASC' }}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {/* The month's batches, each one approval request (docs/rules/settlement.md, batches). */}
          <BatchButton action="approve" />
          <BatchButton action="pay" />
          {/* The month's bank transfer batch (docs/rules/money-out.md), and the withholding tax summary. */}
          <CreateTransferBatchButton />
          <MonthCsvButton file="withholding-summary" label="console.actions.downloadWithholdingCsv" />
          <MonthNeededHint />
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
      <FunctionField source="status" render={() => <StatementStatusField />} />
      <FunctionField source="held" render={() => <HoldChip />} />
      <ActionsColumn label="console.actions.column">
        {/* A statement already waiting for approval (alone or in a month's batch) links to that request instead. */}
        <UnlessWaiting target="statement">
          <StatementDecisions />
        </UnlessWaiting>
      </ActionsColumn>
    </ConsoleList>
  );
};

/** An amount withheld and its rate: `1,800 (3%)`. */
const withRate = (amount: number, rate: number) => `${formatNumber(amount)} (${rate}%)`;

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
      <HoldNotice />
      <StatementAccountNotice />
      <TextField source="id" />
      <TextField source="year" />
      <TextField source="month" />
      <TextField source="creatorName" />
      <NumberField source="totalEarningCoin" />
      <NumberField source="income" />
      <NumberField source="overseasFee" />
      {/* The overseas 10 % or an individual creator's 3 % and 0.3 % (docs/rules/settlement.md), with its rate. */}
      <FunctionField
        source="taxWithheld"
        render={(record: AdminSettlement) => withRate(record.taxWithheld, record.taxRate)}
      />
      <FunctionField
        source="localTaxWithheld"
        render={(record: AdminSettlement) => withRate(record.localTaxWithheld, record.localTaxRate)}
      />
      <NumberField source="toReceipt" />
      <FunctionField source="status" render={() => <StatementStatusField />} />
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
      <FunctionField source="payToVerification" render={() => <PayToVerification />} />
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
