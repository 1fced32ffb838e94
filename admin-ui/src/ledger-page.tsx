import { formatNumber } from '@fanmission/contracts';
import type { AdminLedgerAccount, AdminLedgerEntry } from '@fanmission/contracts';
import { formatKst } from './format/kst';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { httpClient } from './data-provider';
import { useCodeLabel } from './resources/code-field';
import { TraceLink } from './resources/trace-link';

interface Lookup {
  summary: AdminLedgerAccount;
  entries: AdminLedgerEntry[];
  total: number;
}

/** Ledger account lookup: balance, coin lots and the latest transactions of one account. */
export function LedgerPage() {
  const translate = useTranslate();
  const label = useCodeLabel();
  const [params, setParams] = useSearchParams();
  const [account, setAccount] = useState(params.get('account') ?? '');
  const [result, setResult] = useState<Lookup>();
  const [error, setError] = useState<string>();
  // The trace column shows while tracing and its UI are configured (entries then carry a traceUrl).
  const traced = result?.entries.some((entry) => entry.traceUrl) ?? false;

  const lookup = async (name: string) => {
    setError(undefined);
    setResult(undefined);
    setParams({ account: name });
    try {
      const encoded = encodeURIComponent(name);
      const [summary, history] = await Promise.all([
        httpClient(`/api/admin/ledger-accounts/${encoded}`),
        httpClient(`/api/admin/ledger/accounts/${encoded}?range=${encodeURIComponent('[0,49]')}`),
      ]);
      const total = Number(history.headers.get('content-range')?.split('/').pop() ?? 0);
      setResult({
        summary: summary.json as AdminLedgerAccount,
        entries: history.json as AdminLedgerEntry[],
        total,
      });
    } catch (problem) {
      setError((problem as Error).message);
    }
  };

  return (
    <Card>
      <Title title={translate('console.ledger.title')} />
      <CardContent>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (account.trim()) void lookup(account.trim());
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <TextField
            size="small"
            sx={{ minWidth: 320, flex: 1 }}
            label={translate('console.ledger.account')}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
          />
          <Button type="submit" variant="contained">
            {translate('console.actions.lookup')}
          </Button>
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {result && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Typography variant="h6" aria-label="ledger balance">
              {result.summary.account}: {translate('console.ledger.balance')} {formatNumber(result.summary.balance)}
            </Typography>
            {result.summary.lots.length > 0 && (
              <Card variant="outlined">
                <CardHeader title={translate('console.ledger.lots')} titleTypographyProps={{ variant: 'subtitle1' }} />
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('console.ledger.columns.lot')}</TableCell>
                        <TableCell>{translate('console.ledger.columns.source')}</TableCell>
                        <TableCell align="right">{translate('console.ledger.columns.amount')}</TableCell>
                        <TableCell align="right">{translate('console.ledger.columns.remaining')}</TableCell>
                        <TableCell>{translate('console.ledger.columns.expires')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {result.summary.lots.map((lot) => (
                        <TableRow key={lot.id}>
                          <TableCell>{lot.id}</TableCell>
                          <TableCell>{label('coinItemType', lot.source)}</TableCell>
                          <TableCell align="right">{lot.amount}</TableCell>
                          <TableCell align="right">{lot.remaining}</TableCell>
                          <TableCell>{formatKst(lot.expiresAt)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </Card>
            )}
            <Card variant="outlined">
              <CardHeader
                title={`${translate('console.ledger.transactions')} (${result.total})`}
                titleTypographyProps={{ variant: 'subtitle1' }}
              />
              {result.entries.length === 0 ? (
                <CardContent>{translate('console.ledger.noTransactions')}</CardContent>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('console.ledger.columns.transaction')}</TableCell>
                        <TableCell>{translate('console.ledger.columns.type')}</TableCell>
                        <TableCell align="right">{translate('console.ledger.columns.amount')}</TableCell>
                        <TableCell>{translate('console.ledger.columns.time')}</TableCell>
                        <TableCell>{translate('console.ledger.columns.postings')}</TableCell>
                        {traced && <TableCell>{translate('console.trace.label')}</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {result.entries.map((entry) => (
                        <TableRow key={entry.id}>
                          <TableCell>{entry.id}</TableCell>
                          <TableCell>{label('ledgerTransactionType', entry.type)}</TableCell>
                          <TableCell align="right">{entry.amount}</TableCell>
                          <TableCell>{formatKst(entry.occurredAt, { showTime: true })}</TableCell>
                          <TableCell>
                            {entry.postings.map((posting) => `${posting.account} ${posting.amount}`).join(', ')}
                          </TableCell>
                          {traced && (
                            <TableCell>
                              <TraceLink url={entry.traceUrl} />
                            </TableCell>
                          )}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Card>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
