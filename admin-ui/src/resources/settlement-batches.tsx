/*
 * Settlement in batches (docs/rules/settlement.md, batches): from the statement list's year and month, finance asks to
 * approve or to mark paid the month's statements, or the rows selected, as ONE approval request after reading its
 * count and totals. The bank transfer file is a numbered transfer batch of its own (./transfer-batches.tsx). The
 * checker reads the batch's statements on the approval page (`BatchApprovalDetails`).
 */
import {
  formatNumber,
  type AdminApproval,
  type SettlementBatchPreview,
  type SettlementBatchResult,
  type SettlementBatchStatement,
  type TransferResultUnpaidRow,
} from '@fanmission/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useListContext, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';
import { approvalSentNotice } from './pending-approval';

/** Today in Korea, as the transfer date a form starts from. */
const koreaToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** The message of a failed call, as the server worded it in the console's language. */
const messageOf = (error: unknown) =>
  (error as { body?: { message?: string } }).body?.message ?? (error as Error).message;

/** A table that scrolls sideways inside its box on a phone, not the page. */
const Scroll = ({ children }: { children: ReactNode }) => (
  <Box sx={{ overflowX: 'auto', maxWidth: '100%', '& th, & td': { whiteSpace: 'nowrap' } }}>{children}</Box>
);

/** The statements of a batch: id, creator, won to transfer and tax withheld; the skipped ones say why. */

/**
 * The notice once a batch was asked for: the new request's number, count and amount, or (the identical batch already
 * waiting) that request's number, maker and time.
 */
function useNotifySent() {
  const translate = useTranslate();
  const notify = useNotify();
  return (approval: AdminApproval) => {
    if (approval.existing) {
      const [key, args] = approvalSentNotice(approval);
      notify(key, { type: 'warning', messageArgs: args });
      return;
    }
    notify(
      translate('console.settlements.batch.sent', {
        id: approval.id,
        count: formatNumber(Number(approval.summary['count'])),
        toReceipt: formatNumber(Number(approval.summary['toReceipt'])),
      }),
      { type: 'info', multiLine: true },
    );
  };
}

export function BatchStatementsTable({
  statements,
  skipped = new Map(),
}: {
  statements: readonly SettlementBatchStatement[];
  skipped?: ReadonlyMap<number, string>;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`console.settlements.batch.${key}`);
  return (
    <Scroll>
      <Table size="small" aria-label={t('statements')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('statementId')}</TableCell>
            <TableCell>{t('creator')}</TableCell>
            <TableCell align="right">{t('toReceipt')}</TableCell>
            <TableCell align="right">{t('withheld')}</TableCell>
            {skipped.size > 0 && <TableCell>{t('skipped')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {statements.map((statement) => (
            <TableRow key={statement.id}>
              <TableCell>{statement.id}</TableCell>
              <TableCell>{`${statement.creatorName} (#${statement.creatorId})`}</TableCell>
              <TableCell align="right">{formatNumber(statement.toReceipt)}</TableCell>
              <TableCell align="right">{formatNumber(statement.withheld)}</TableCell>
              {skipped.size > 0 && (
                <TableCell>{skipped.has(statement.id) ? t(`skipReasons.${skipped.get(statement.id)}`) : '-'}</TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

/**
 * The rows of a bank result file that pay nothing, each with its line and why: the account and amount the file gives
 * beside those the statement pays (a request made before the file carried accounts shows none).
 */
export function UnpaidRowsTable({ rows }: { rows: readonly TransferResultUnpaidRow[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`console.settlements.batch.${key}`);
  return (
    <Scroll>
      <Table size="small" aria-label={t('unpaid')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('line')}</TableCell>
            <TableCell>{t('statementId')}</TableCell>
            <TableCell align="right">{t('amount')}</TableCell>
            <TableCell align="right">{t('expected')}</TableCell>
            <TableCell>{t('account')}</TableCell>
            <TableCell>{t('expectedAccount')}</TableCell>
            <TableCell>{t('problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.statementId ?? '-'}</TableCell>
              <TableCell align="right">{row.amount === null ? '-' : formatNumber(row.amount)}</TableCell>
              <TableCell align="right">{row.expected === null ? '-' : formatNumber(row.expected)}</TableCell>
              <TableCell>{row.bankAccountNumber ?? '-'}</TableCell>
              <TableCell>{row.expectedBankAccountNumber ?? '-'}</TableCell>
              <TableCell>
                {t(`problems.${row.problem}`)}
                {row.bankReason ? ` · ${row.bankReason}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

/** Count and totals of a batch, in one line. */
function Totals({ count, toReceipt, withheld }: { count: number; toReceipt: number; withheld: number }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'keep-all' }}>
      {translate('console.settlements.batch.totals', {
        count: formatNumber(count),
        toReceipt: formatNumber(toReceipt),
        withheld: formatNumber(withheld),
      })}
    </Typography>
  );
}

/** What the checker reads on a batch request's page: its statements, the rows paying nothing, what the run skipped. */
export function BatchApprovalDetails() {
  const record = useRecordContext<AdminApproval>();
  const translate = useTranslate();
  const headingId = useId();
  if (!record || (record.kind !== 'STATEMENT_BATCH_APPROVE' && record.kind !== 'STATEMENT_BATCH_PAY')) return null;
  const params = record.params as { statements?: SettlementBatchStatement[]; unpaid?: TransferResultUnpaidRow[] };
  const result = record.result as SettlementBatchResult | null;
  const skipped = new Map((result?.skipped ?? []).map((row) => [row.statementId, row.reason]));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }} data-testid="batch-details">
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('console.settlements.batch.statements')}
      </Typography>
      <Totals
        count={Number(record.summary['count'] ?? 0)}
        toReceipt={Number(record.summary['toReceipt'] ?? 0)}
        withheld={Number(record.summary['withheld'] ?? 0)}
      />
      {result && (
        <Alert severity={skipped.size > 0 ? 'warning' : 'success'} sx={{ my: 1 }}>
          {translate('console.settlements.batch.ran', {
            done: formatNumber(result.done.length),
            skipped: formatNumber(skipped.size),
          })}
        </Alert>
      )}
      <BatchStatementsTable statements={params.statements ?? []} skipped={skipped} />
      {params.unpaid && params.unpaid.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
            {translate('console.settlements.batch.unpaid')}
          </Typography>
          <UnpaidRowsTable rows={params.unpaid} />
        </>
      )}
    </Box>
  );
}

/** Sends a batch request and says it waits for a second finance member. */
async function sendBatch(url: string, body: object): Promise<AdminApproval> {
  const response = await httpClient(url, { method: 'POST', body: JSON.stringify(body) });
  return response.json as AdminApproval;
}

/** The list's year and month filter, both needed for a batch and for the month's files. */
export function useMonthFilter() {
  const { filterValues } = useListContext();
  const year = filterValues['year'] as number | undefined;
  const month = filterValues['month'] as number | undefined;
  return year && month ? { year: Number(year), month: Number(month) } : null;
}

/** Says why the month's batches and files are greyed out while the list names no year and month. */
export function MonthNeededHint() {
  const month = useMonthFilter();
  const allowed = useCanWrite('settlements');
  const translate = useTranslate();
  if (month || !allowed) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ width: '100%', textAlign: 'right' }}>
      {translate('console.settlements.batch.monthNeeded')}
    </Typography>
  );
}

/** The transfer form's reference and date. */
function TransferFields(props: {
  reference: string;
  date: string;
  onReference: (value: string) => void;
  onDate: (value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate('resources.settlements.fields.transferReference')}
        value={props.reference}
        onChange={(event) => props.onReference(event.target.value)}
        required
        fullWidth
        margin="dense"
      />
      <TextField
        label={translate('resources.settlements.fields.transferDate')}
        type="date"
        value={props.date}
        onChange={(event) => props.onDate(event.target.value)}
        required
        fullWidth
        margin="dense"
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}

type BatchAction = 'approve' | 'pay';

/** What a batch takes: a month's statements, or exactly those selected in the list. */
interface BatchScope {
  year: number;
  month: number;
  statementIds?: readonly number[];
}

/** A refused preview: the server's message and, for a selection, the rule each refused statement breaks. */
interface PreviewRefusal {
  message: string;
  problems: string[];
}

/**
 * The count and totals the batch would freeze now, asked of the server while the dialog is open
 * (`GET /api/admin/settlements/batches/preview`: the same computation as the approval's summary).
 */
function useBatchPreview(action: BatchAction, scope: BatchScope | null, open: boolean) {
  const [preview, setPreview] = useState<SettlementBatchPreview | null>(null);
  const [refusal, setRefusal] = useState<PreviewRefusal | null>(null);
  const key = scope ? `${action}:${scope.year}:${scope.month}:${scope.statementIds?.join(',') ?? ''}` : null;
  useEffect(() => {
    setPreview(null);
    setRefusal(null);
    if (!open || !scope) return;
    let current = true;
    const query = new URLSearchParams({ action, year: String(scope.year), month: String(scope.month) });
    if (scope.statementIds) query.set('statementIds', scope.statementIds.join(','));
    httpClient(`/api/admin/settlements/batches/preview?${query.toString()}`)
      .then((response) => current && setPreview(response.json as SettlementBatchPreview))
      .catch((error: unknown) => {
        if (!current) return;
        const subErrors = (error as { body?: { subErrors?: { message: string }[] } }).body?.subErrors ?? [];
        setRefusal({ message: messageOf(error), problems: subErrors.map((problem) => problem.message) });
      });
    return () => {
      current = false;
    };
    // `key` names the scope: a new array of the same ids (each render's selection) asks nothing again.
  }, [open, key]);
  return { preview, refusal };
}

/**
 * The one dialog of a batch request — approve or mark paid, a month or a selection: what goes in (count, won to
 * transfer, tax withheld, before anything is sent), the transfer's reference and date when paying, then one approval
 * request. A selection the server refuses says why and cannot be sent.
 */
function BatchDialog(props: {
  action: BatchAction;
  scope: BatchScope | null;
  title: string;
  explain: string;
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { action, scope, open } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const notifySent = useNotifySent();
  const [reference, setReference] = useState('');
  const [date, setDate] = useState(koreaToday);
  const [pending, setPending] = useState(false);
  const { preview, refusal } = useBatchPreview(action, scope, open);
  const t = (key: string, options?: object) => translate(`console.settlements.batch.${key}`, options);
  const send = async () => {
    if (!scope) return;
    setPending(true);
    try {
      const transfer = action === 'pay' ? { transferReference: reference.trim(), transferDate: date } : {};
      const approval = await sendBatch('/api/admin/settlements/batches', { action, ...scope, ...transfer });
      notifySent(approval);
      props.onSent();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const missingTransfer = action === 'pay' && (!reference.trim() || !date);
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{props.title}</DialogTitle>
      {/* Korean breaks between words, not inside one. */}
      <DialogContent sx={{ wordBreak: 'keep-all' }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {props.explain}
        </Typography>
        <Box data-testid="batch-preview" aria-live="polite" sx={{ mb: 1 }}>
          {preview && <Totals count={preview.count} toReceipt={preview.toReceipt} withheld={preview.withheld} />}
          {!preview && !refusal && (
            <Typography variant="body2" color="text.secondary">
              {t('previewing')}
            </Typography>
          )}
          {refusal && (
            <Alert severity="error">
              {refusal.message}
              {refusal.problems.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {refusal.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </Box>
        {action === 'pay' && (
          <TransferFields reference={reference} date={date} onReference={setReference} onDate={setDate} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={pending || !preview || preview.count === 0 || missingTransfer}
        >
          {t('ask')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Approve this month" / "Mark this month paid": the list's year and month, every statement in the action's status
 * that is not held; with `selected` ("Approve selected" / "Mark selected paid", the list's bulk actions), exactly the
 * rows selected of that month. Either is one approval request.
 */
export function BatchButton({ action, selected = false }: { action: BatchAction; selected?: boolean }) {
  const month = useMonthFilter();
  const { selectedIds, onUnselectItems } = useListContext();
  const allowed = useCanWrite('settlements');
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const t = (key: string, options?: object) => translate(`console.settlements.batch.${key}`, options);
  const keys = selected
    ? { title: `${action}Selected`, explain: `${action}SelectedExplain` }
    : { title: `${action}Month`, explain: `${action}Explain` };
  const title = t(keys.title);
  const statementIds = selected ? selectedIds.map(Number) : [];
  const scope = month && (selected ? { ...month, statementIds } : month);
  return (
    <>
      <Button size="small" variant="outlined" disabled={!month} onClick={() => setOpen(true)}>
        {title}
      </Button>
      <BatchDialog
        action={action}
        scope={scope}
        title={title}
        explain={t(keys.explain, { ...month, count: formatNumber(statementIds.length) })}
        open={open}
        onClose={() => setOpen(false)}
        onSent={() => {
          setOpen(false);
          if (selected) onUnselectItems();
          refresh();
        }}
      />
    </>
  );
}
