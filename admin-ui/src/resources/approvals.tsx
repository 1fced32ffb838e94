import { formatNumber } from '@fanmission/contracts';
import type { AdminApproval } from '@fanmission/contracts';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  ArrayField,
  Datagrid,
  FunctionField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  Link,
  useCreatePath,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type ShowProps,
} from 'react-admin';
import { formatKst, KstDateField } from '../format/kst';
import { httpClient } from '../data-provider';
import { announceApprovalsChanged } from '../approval-counts';
import { codeChoices, CodeField, useCodeLabel } from './code-field';
import { BatchApprovalDetails } from './settlement-batches';
import { ConsoleList, WRAP, useWideConsole } from './list-actions';

/*
 * Staff approvals (`/api/admin/approvals`): the money actions another staff member must approve before they run.
 * "Waiting for my approval" lists the pending requests of others the member may approve; "my requests" his own. A
 * request's page shows what will run (its frozen values), its reason, expiry and history, and the decision buttons.
 */

export const APPROVAL_VIEWS = ['waiting', 'mine'] as const;

/** Summary values that are a creator grade code (a payout rate), shown by their label. */
const GRADE_KEYS = new Set(['from', 'to', 'proposed', 'chosen', 'gradeBack']);

/** Summary values that are numbers but no amount: a year is not grouped ("2026년", not "2,026년"). */
const PLAIN_NUMBER_KEYS = new Set(['year', 'month']);

/**
 * What a request will run, in the console's language: its kind's wording (`console.approvals.summaries`) filled with
 * the request's summary values; amounts grouped by the locale (ids as they are), role and grade codes as their labels, instants in Korea time.
 */
export function ApprovalSummaryText({ record }: { record: AdminApproval }) {
  const translate = useTranslate();
  const label = useCodeLabel();
  const values = Object.fromEntries(
    Object.entries(record.summary).map(([key, value]) => [
      key,
      key === 'roles'
        ? String(value)
            .split(',')
            .map((role) => label('role', role))
            .join(', ')
        : GRADE_KEYS.has(key) && value !== '-'
          ? label('creatorGrade', String(value))
          : key.endsWith('At')
            ? (formatKst(String(value), { showTime: true }) ?? String(value))
            : typeof value === 'number' && !key.endsWith('Id') && !PLAIN_NUMBER_KEYS.has(key)
              ? formatNumber(value)
              : String(value),
    ]),
  );
  return <>{translate(`console.approvals.summaries.${record.kind}`, { ...values, _: record.kind })}</>;
}

const approvalFilters = [
  <SelectInput
    key="view"
    source="view"
    alwaysOn
    choices={[
      { id: 'waiting', name: 'console.approvals.waiting' },
      { id: 'mine', name: 'console.approvals.mine' },
    ]}
  />,
  <SelectInput key="status" source="status" choices={codeChoices('approvalStatus')} />,
  <SelectInput key="kind" source="kind" choices={codeChoices('approvalKind')} />,
];

/**
 * Requests newest first, "waiting for my approval" unless another view is chosen; below 900 px the id, reason, maker
 * and dates are left out (all on the request's page).
 */
export const ApprovalList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      rowClick="show"
      sort={{ field: 'id', order: 'DESC' }}
      filters={approvalFilters}
      filterDefaultValues={{ view: 'waiting' }}
    >
      {wide && <TextField source="id" />}
      <CodeField source="kind" family="approvalKind" />
      <FunctionField<AdminApproval>
        source="summary"
        sortable={false}
        sx={WRAP}
        render={(record) => <ApprovalSummaryText record={record} />}
      />
      {wide && <TextField source="reason" sx={WRAP} emptyText="—" />}
      {wide && <TextField source="makerEmail" sx={WRAP} />}
      <CodeField source="status" family="approvalStatus" />
      {wide && <KstDateField source="createdAt" showTime />}
      {wide && <KstDateField source="expiresAt" showTime />}
    </ConsoleList>
  );
};

/** Approve (an optional note) or refuse (a note) a pending request; the maker may only withdraw his own. */
function DecisionButtons() {
  const record = useRecordContext<AdminApproval>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'approve' | 'refuse' | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  if (!record || record.status !== 'PENDING') return null;
  const own = identity !== undefined && Number(identity.id) === record.makerId;
  const decide = async (decision: 'approve' | 'refuse') => {
    setPending(true);
    try {
      await httpClient(`/api/admin/approvals/${record.id}/decision`, {
        method: 'POST',
        body: JSON.stringify({ decision, ...(note.trim() && { note: note.trim() }) }),
      });
      notify(
        decision === 'approve'
          ? 'console.approvals.approved'
          : own
            ? 'console.approvals.withdrawn'
            : 'console.approvals.refused',
        { type: 'success' },
      );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
      setDialog(null);
      setNote('');
      refresh();
      announceApprovalsChanged();
    }
  };
  // The maker takes his own request back; another member refuses it. Both end it the same way.
  const refuseLabel = translate(own ? 'console.approvals.withdraw' : 'console.approvals.refuse');
  const title = dialog === 'refuse' ? refuseLabel : dialog ? translate(`console.approvals.${dialog}`) : '';
  return (
    <>
      {own && (
        <Typography variant="body2" sx={{ alignSelf: 'center', mr: 1 }}>
          {translate('console.approvals.own')}
        </Typography>
      )}
      {!own && (
        <Button variant="contained" color="success" size="small" onClick={() => setDialog('approve')}>
          {translate('console.approvals.approve')}
        </Button>
      )}
      <Button variant="outlined" color="error" size="small" onClick={() => setDialog('refuse')}>
        {refuseLabel}
      </Button>
      <Dialog open={dialog !== null} onClose={() => setDialog(null)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            margin="dense"
            label={translate('console.approvals.note')}
            value={note}
            slotProps={{ htmlInput: { maxLength: 500, 'aria-label': translate('console.approvals.note') } }}
            onChange={(event) => setNote(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            color={dialog === 'refuse' ? 'error' : 'success'}
            disabled={pending || (dialog === 'refuse' && note.trim().length === 0)}
            onClick={() => void decide(dialog!)}
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * Who and what a money request acts on, as the server reads it now (`subject`): the members by name and e-mail, the
 * won that leaves or the coins granted, where the money goes (the payment methods, or the bank, the account's last
 * digits and its holder) and a link to the record, above the technical details.
 */
function ApprovalSubjectDetails() {
  const record = useRecordContext<AdminApproval>();
  const translate = useTranslate();
  const label = useCodeLabel();
  const createPath = useCreatePath();
  const titleId = useId();
  const subject = record?.subject;
  if (!subject) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`console.approvals.subject.${key}`, args);
  const members = subject.members.map((member) =>
    member.email ? `${member.username} (${member.email})` : member.username,
  );
  const more = subject.memberCount - subject.members.length;
  const { destination } = subject;
  const methods = (destination?.methods ?? []).map((method) =>
    method === 'withoutbankbook' ? t('withoutBankbook') : label('payMethod', method),
  );
  const account =
    destination?.bankName && destination.accountNumber
      ? t('account', {
          bank: destination.bankName,
          number: destination.accountNumber,
          holder: destination.accountHolder ?? '-',
        })
      : null;
  const where = [methods.join(', '), account].filter(Boolean).join(' + ');
  const rows: [string, string][] = [
    [t('members'), members.join(', ') + (more > 0 ? ` ${t('more', { count: formatNumber(more) })}` : '')],
    ...(subject.amountWon !== null
      ? [[t('amount'), t('won', { amount: formatNumber(subject.amountWon) })] as [string, string]]
      : []),
    ...(subject.coins !== null
      ? [[t('coins'), t('coinsValue', { coins: formatNumber(subject.coins) })] as [string, string]]
      : []),
    ...(where ? [[t('destination'), where] as [string, string]] : []),
  ];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: 0.5 }}>
        {rows.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ pr: 1.5 }}>
              {name}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {subject.record && (
        <Link
          to={createPath({ resource: subject.record.resource, id: subject.record.id, type: 'show' })}
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {t(subject.record.resource === 'coin-refunds' ? 'openRefund' : 'openMember')}
        </Link>
      )}
    </Box>
  );
}

/** A JSON value as an indented block that wraps on a phone. */
const JsonBlock = ({ value }: { value: unknown }) => (
  <Box
    component="pre"
    sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
  >
    {value === null || value === undefined ? '-' : JSON.stringify(value, null, 2)}
  </Box>
);

/**
 * The frozen values and the run's answer as stored, for an audit: folded away under the summary, which is what a
 * checker reads to decide.
 */
function TechnicalDetails() {
  const record = useRecordContext<AdminApproval>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: 14 } }}>
      <summary>{translate('console.approvals.technical')}</summary>
      <Typography variant="caption" component="h3" sx={{ mt: 1 }}>
        {translate('resources.approvals.fields.params')}
      </Typography>
      <JsonBlock value={record.params} />
      <Typography variant="caption" component="h3" sx={{ mt: 1 }}>
        {translate('resources.approvals.fields.result')}
      </Typography>
      <JsonBlock value={record.result} />
    </Box>
  );
}

export const ApprovalShow = (props: ShowProps) => (
  <Show
    {...props}
    actions={
      <TopToolbar sx={{ gap: 1 }}>
        <DecisionButtons />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="id" />
      <CodeField source="kind" family="approvalKind" />
      <CodeField source="status" family="approvalStatus" />
      <FunctionField<AdminApproval>
        source="summary"
        sx={WRAP}
        render={(record) => <ApprovalSummaryText record={record} />}
      />
      <ApprovalSubjectDetails />
      <TextField source="reason" sx={WRAP} emptyText="—" />
      <TextField source="makerEmail" emptyText="-" />
      <KstDateField source="createdAt" showTime />
      <KstDateField source="expiresAt" showTime />
      <TextField source="decidedByEmail" emptyText="-" />
      <KstDateField source="decidedAt" showTime emptyText="-" />
      <TextField source="decisionNote" emptyText="-" />
      <ArrayField source="history">
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}
          >
            <CodeField source="step" family="approvalStep" label="resources.approvals.fields.step" />
            <TextField source="actorEmail" label="resources.approvals.fields.actorEmail" emptyText="-" />
            <TextField source="note" label="resources.approvals.fields.note" emptyText="-" />
            <KstDateField source="at" showTime label="resources.approvals.fields.at" />
          </Datagrid>
        </Box>
      </ArrayField>
      <BatchApprovalDetails />
      <TechnicalDetails />
    </SimpleShowLayout>
  </Show>
);
