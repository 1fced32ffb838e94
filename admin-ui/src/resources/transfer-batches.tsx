/*
 * Bank transfer batches (docs/rules/money-out.md, bank transfer batches): from the statement list's month, finance
 * makes a numbered batch (its statements go IN_TRANSFER) after reading its count and total; another finance member not
 * related to the maker releases it on the approvals page; only then is its file downloaded, the same bytes every time
 * (its SHA-256 shown here). The bank's result file is read against the batch it belongs to: what it pays, what failed,
 * and each line that differs from the batch, with the expected value beside the file's.
 */
import {
  formatNumber,
  type AdminSettlement,
  type TransferBatch,
  type TransferBatchDetail,
  type TransferBatchDiscrepancy,
  type TransferBatchPreview,
  type TransferBatchResultOutcome,
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
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  FunctionField,
  Link,
  NumberField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { downloadFromApi, httpClient } from '../data-provider';
import { KstDateField, formatKstDay } from '../format/kst';
import { useCanWrite } from '../permissions';
import { CodeField, codeChoices, useCodeLabel } from './code-field';
import { ConsoleList, WRAP, useWideConsole } from './list-actions';
import { useMonthFilter } from './settlement-batches';

const BATCHES = '/api/admin/settlement-transfer-batches';

const messageOf = (error: unknown) =>
  (error as { body?: { message?: string } }).body?.message ?? (error as Error).message;

/** Today in Korea, as the transfer date a form starts from. */
const koreaToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const Scroll = ({ children }: { children: ReactNode }) => (
  <Box sx={{ overflowX: 'auto', maxWidth: '100%', '& th, & td': { whiteSpace: 'nowrap' } }}>{children}</Box>
);

const useT = () => {
  const translate = useTranslate();
  return (key: string, options?: object) => translate(`console.transferBatches.${key}`, options);
};

/**
 * A statement's status as finance reads it: "이체 중 (배치 #N)" while a batch holds it, "이체 실패 (날짜 · 사유)"
 * after the bank failed it, the status alone otherwise.
 */
export function StatementStatusField() {
  const record = useRecordContext<AdminSettlement>();
  const label = useCodeLabel();
  const t = useT();
  if (!record) return null;
  const status = label('statementStatus', record.status);
  if (record.status === 'IN_TRANSFER' && record.transferBatchId !== null) {
    return (
      <span data-testid="statement-in-transfer">
        {status} (
        <Link to={`/settlement-transfer-batches/${record.transferBatchId}/show`}>
          {t('batchNumber', { id: record.transferBatchId })}
        </Link>
        )
      </span>
    );
  }
  if (record.status === 'TRANSFER_FAILED') {
    const day = record.transferFailedAt ? formatKstDay(record.transferFailedAt.slice(0, 10)) : '-';
    return (
      <span data-testid="statement-transfer-failed">{`${status} (${day} · ${record.transferFailedReason ?? '-'})`}</span>
    );
  }
  return <>{status}</>;
}

/** The month's batch: what it would take now (count, won), then made on confirmation; its page opens. */
export function CreateTransferBatchButton() {
  const month = useMonthFilter();
  const allowed = useCanWrite('settlement-transfer-batches');
  const notify = useNotify();
  const redirect = useRedirect();
  const t = useT();
  const translate = useTranslate();
  const [preview, setPreview] = useState<TransferBatchPreview | null>(null);
  const [pending, setPending] = useState(false);
  if (!allowed) return null;
  const open = async () => {
    if (!month) return;
    try {
      const response = await httpClient(`${BATCHES}/preview?year=${month.year}&month=${month.month}`);
      setPreview(response.json as TransferBatchPreview);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };
  const create = async () => {
    if (!month) return;
    setPending(true);
    try {
      const response = await httpClient(BATCHES, { method: 'POST', body: JSON.stringify(month) });
      const batch = response.json as TransferBatch;
      notify(t('created', { id: batch.id }), { type: 'info' });
      setPreview(null);
      redirect('show', 'settlement-transfer-batches', batch.id);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" disabled={!month} onClick={open}>
        {t('create')}
      </Button>
      <Dialog open={preview !== null} onClose={() => setPreview(null)} data-testid="transfer-batch-create">
        <DialogTitle>{t('create')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            {preview &&
              t('createExplain', { ...month, count: formatNumber(preview.count), total: formatNumber(preview.total) })}
          </Typography>
          {/* Statements left out because their account is not the payee's own verified one, with the server's reason. */}
          {preview?.refused.map((refused) => (
            <Typography
              key={refused.statementId}
              variant="body2"
              color="warning.main"
              data-testid="transfer-batch-refused"
            >
              {refused.message}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={create} disabled={pending || !preview || preview.count === 0}>
            {t('createConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const batchFilters = [
  <SelectInput key="status" source="status" choices={codeChoices('transferBatchStatus')} alwaysOn />,
];

const staffName = (staff: { id: number; name: string } | null | undefined) =>
  staff ? `${staff.name} (#${staff.id})` : '-';
const shortHash = (hash: string | undefined) => (hash ? `${hash.slice(0, 12)}…` : '-');

export const TransferBatchList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList rowClick="show" filters={batchFilters} sort={{ field: 'id', order: 'DESC' }}>
      <FunctionField source="id" render={(record: TransferBatch) => `#${record.id}`} />
      <FunctionField
        source="month"
        sortable={false}
        render={(record: TransferBatch) => `${record.year}-${record.month}`}
      />
      <CodeField source="status" family="transferBatchStatus" />
      <FunctionField
        source="createdBy"
        sortable={false}
        render={(record: TransferBatch) => staffName(record.createdBy)}
        sx={WRAP}
      />
      {wide && (
        <FunctionField
          source="releasedBy"
          sortable={false}
          render={(record: TransferBatch) => staffName(record.releasedBy)}
        />
      )}
      <NumberField source="count" sortable={false} />
      <NumberField source="total" sortable={false} />
      {wide && (
        <FunctionField
          source="fileSha256"
          sortable={false}
          render={(record: TransferBatch) => shortHash(record.fileSha256)}
        />
      )}
      {wide && <KstDateField source="createdAt" showTime />}
    </ConsoleList>
  );
};

/** The file, enabled once the batch is released; the same bytes every time. */
export function DownloadFileButton() {
  const record = useRecordContext<TransferBatch>();
  const notify = useNotify();
  const t = useT();
  if (!record) return null;
  const released = record.status === 'RELEASED' || record.status === 'CLOSED';
  return (
    <Button
      size="small"
      variant="contained"
      disabled={!released}
      onClick={() =>
        downloadFromApi(`${BATCHES}/${record.id}/file`).catch((error: Error) =>
          notify(error.message, { type: 'error' }),
        )
      }
    >
      {t(released ? 'download' : 'downloadAfterRelease')}
    </Button>
  );
}

function CancelBatchButton() {
  const record = useRecordContext<TransferBatch>();
  const allowed = useCanWrite('settlement-transfer-batches');
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useT();
  if (!record || !allowed || record.status !== 'CREATED') return null;
  return (
    <Button
      size="small"
      color="error"
      onClick={async () => {
        try {
          await httpClient(`${BATCHES}/${record.id}/cancel`, { method: 'POST' });
          notify(t('cancelled', { id: record.id }), { type: 'info' });
          refresh();
        } catch (error) {
          notify(messageOf(error), { type: 'error' });
        }
      }}
    >
      {t('cancel')}
    </Button>
  );
}

/** The batch's release request on the approvals page: where another finance member releases it. */
function ReleaseLink() {
  const record = useRecordContext<TransferBatch>();
  const t = useT();
  if (!record?.releaseApprovalId) return <>-</>;
  return (
    <Link to={`/approvals/${record.releaseApprovalId}/show`}>
      {t(record.status === 'CREATED' ? 'releasePending' : 'releaseRequest', { id: record.releaseApprovalId })}
    </Link>
  );
}

function LinesTable() {
  const record = useRecordContext<TransferBatchDetail>();
  const t = useT();
  const label = useCodeLabel();
  if (!record?.lines) return null;
  return (
    <Scroll>
      <Table size="small" aria-label={t('lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('statement')}</TableCell>
            <TableCell>{t('creator')}</TableCell>
            <TableCell>{t('bankCode')}</TableCell>
            <TableCell>{t('account')}</TableCell>
            <TableCell align="right">{t('amount')}</TableCell>
            <TableCell>{t('result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.lines.map((line) => (
            <TableRow key={line.statementId}>
              <TableCell>
                <Link to={`/settlements/${line.statementId}/show`}>{`#${line.statementId}`}</Link>
              </TableCell>
              <TableCell>{`${line.creatorName} (#${line.creatorId})`}</TableCell>
              <TableCell>{line.bankCode}</TableCell>
              <TableCell>{`${line.bankName ?? '-'} ${line.bankAccountNumber ?? ''}`}</TableCell>
              <TableCell align="right">{formatNumber(line.amount)}</TableCell>
              <TableCell>
                {label('transferLineResult', line.result)}
                {line.bankReason ? ` · ${line.bankReason}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

/** Each result line that settles nothing: what the batch expects beside what the file says. */
function DiscrepancyTable({ rows }: { rows: readonly TransferBatchDiscrepancy[] }) {
  const t = useT();
  const label = useCodeLabel();
  const value = (value: string | number | null) =>
    value === null ? '-' : typeof value === 'number' ? formatNumber(value) : value;
  return (
    <Scroll>
      <Table size="small" aria-label={t('discrepancies')} data-testid="transfer-discrepancies">
        <TableHead>
          <TableRow>
            <TableCell>{t('line')}</TableCell>
            <TableCell>{t('statement')}</TableCell>
            <TableCell>{t('problem')}</TableCell>
            <TableCell>{t('expectedAccount')}</TableCell>
            <TableCell>{t('fileAccount')}</TableCell>
            <TableCell align="right">{t('expectedAmount')}</TableCell>
            <TableCell align="right">{t('fileAmount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.statementId === null ? '-' : `#${row.statementId}`}</TableCell>
              <TableCell>{label('transferDiscrepancy', row.problem)}</TableCell>
              <TableCell>{value(row.expectedBankAccountNumber)}</TableCell>
              <TableCell>{value(row.bankAccountNumber)}</TableCell>
              <TableCell align="right">{value(row.expectedAmount)}</TableCell>
              <TableCell align="right">{value(row.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

/** The bank's result file of this batch: read first (nothing changes), then recorded. */
export function ResultImportButton() {
  const record = useRecordContext<TransferBatch>();
  const allowed = useCanWrite('settlement-transfer-batches');
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useT();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [date, setDate] = useState(koreaToday);
  const [outcome, setOutcome] = useState<TransferBatchResultOutcome | null>(null);
  const [pending, setPending] = useState(false);
  // Recording the result closes the batch: the dialog stays open on what was recorded until it is closed.
  if (!record || !allowed || (record.status !== 'RELEASED' && !open)) return null;
  const call = async (path: string) => {
    setPending(true);
    try {
      const response = await httpClient(`${BATCHES}/${record.id}/${path}`, {
        method: 'POST',
        body: JSON.stringify({ csv, transferReference: reference.trim(), transferDate: date }),
      });
      const read = response.json as TransferBatchResultOutcome;
      setOutcome(read);
      if (read.applied) {
        notify(t('recorded', { paid: read.paid.length, failed: read.failed.length }), { type: 'info' });
        refresh();
      }
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {record.status === 'RELEASED' && (
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          {t('importResult')}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" data-testid="transfer-result-import">
        <DialogTitle>{t('importResultOf', { id: record.id })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('importExplain', { id: record.id })}
          </Typography>
          <Button component="label" size="small" variant="outlined">
            {t('chooseFile')}
            <input
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('chooseFile')}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                setOutcome(null);
                setCsv(file ? await file.text() : null);
              }}
            />
          </Button>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <MuiTextField
              size="small"
              label={t('transferReference')}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
            <MuiTextField
              size="small"
              type="date"
              label={t('transferDate')}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          {outcome && (
            <Box sx={{ mt: 2 }} data-testid="transfer-result-outcome">
              <Alert severity={outcome.discrepancies.length > 0 ? 'warning' : 'info'} sx={{ mb: 1 }}>
                {t(outcome.applied ? 'outcomeApplied' : 'outcomePreview', {
                  paid: outcome.paid.length,
                  failed: outcome.failed.length,
                  discrepancies: outcome.discrepancies.length,
                })}
              </Alert>
              {outcome.discrepancies.length > 0 && <DiscrepancyTable rows={outcome.discrepancies} />}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
          <Button onClick={() => call('results/preview')} disabled={pending || !csv || !reference.trim() || !date}>
            {t('read')}
          </Button>
          <Button
            variant="contained"
            onClick={() => call('results')}
            disabled={pending || !outcome || outcome.applied || !csv || !reference.trim()}
          >
            {t('record')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export const TransferBatchShow = () => (
  <Show
    actions={
      <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <DownloadFileButton />
        <ResultImportButton />
        <CancelBatchButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <FunctionField source="id" render={(record: TransferBatch) => `#${record.id}`} />
      <FunctionField source="month" render={(record: TransferBatch) => `${record.year}-${record.month}`} />
      <CodeField source="status" family="transferBatchStatus" />
      <FunctionField source="createdBy" render={(record: TransferBatch) => staffName(record.createdBy)} />
      <KstDateField source="createdAt" showTime />
      <FunctionField source="releaseApprovalId" render={() => <ReleaseLink />} />
      <FunctionField source="releasedBy" render={(record: TransferBatch) => staffName(record.releasedBy)} />
      <KstDateField source="releasedAt" showTime emptyText="-" />
      <KstDateField source="cancelledAt" showTime emptyText="-" />
      <KstDateField source="closedAt" showTime emptyText="-" />
      <NumberField source="count" />
      <NumberField source="total" />
      <TextField source="fileSha256" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />
      <TextField source="filename" sx={{ overflowWrap: 'anywhere' }} />
      <LinesTable />
    </SimpleShowLayout>
  </Show>
);
