import type { AdminReversalShortfall } from '@fanmission/contracts';
import { formatKst } from './format/kst';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { httpClient } from './data-provider';
import { useCodeLabel } from './resources/code-field';
import { useWideConsole } from './resources/list-actions';
import { formatMinorUnits } from './resources/money-confirm';

const PAGE = 50;

/**
 * Refund shortfalls: refunds and chargebacks made at a provider after the member had spent the charge's
 * coins, newest first, page by page (GET /api/admin/payment-reversals/shortfalls). Read-only, for finance to follow up.
 */
export function ShortfallsPage() {
  const translate = useTranslate();
  const label = useCodeLabel();
  const [locale] = useLocaleState();
  // Below 900 px the date, the kind and the coins asked and taken are left out (the shortfall stays).
  const wide = useWideConsole();
  const [rows, setRows] = useState<AdminReversalShortfall[]>([]);
  const [more, setMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(async (beforeId?: number) => {
    setError(undefined);
    try {
      const query = new URLSearchParams({ limit: String(PAGE), ...(beforeId && { beforeId: String(beforeId) }) });
      const { json } = await httpClient(`/api/admin/payment-reversals/shortfalls?${query.toString()}`);
      const page = json as AdminReversalShortfall[];
      setRows((earlier) => (beforeId ? [...earlier, ...page] : page));
      setMore(page.length === PAGE);
    } catch (problem) {
      setError((problem as Error).message);
    } finally {
      setLoaded(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const t = (key: string) => translate(`console.shortfalls.${key}`);
  return (
    <Card sx={{ minWidth: 0, maxWidth: '100%', overflowX: 'auto' }}>
      <Title title={t('title')} />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {loaded && !error && rows.length === 0 && <Typography>{t('empty')}</Typography>}
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  {wide && <TableCell>{t('date')}</TableCell>}
                  <TableCell>{t('member')}</TableCell>
                  <TableCell>{t('payment')}</TableCell>
                  {wide && <TableCell>{t('kind')}</TableCell>}
                  <TableCell align="right">{t('refunded')}</TableCell>
                  {wide && <TableCell align="right">{t('coinsAsked')}</TableCell>}
                  {wide && <TableCell align="right">{t('coinsTaken')}</TableCell>}
                  <TableCell align="right">{t('shortfall')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    {wide && <TableCell>{formatKst(row.createdAt, { showTime: true })}</TableCell>}
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 96 }}>{row.username}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                      {label('paymentProvider', row.provider)} · {row.paymentId}
                    </TableCell>
                    {wide && <TableCell>{label('paymentReversalKind', row.kind)}</TableCell>}
                    <TableCell align="right">{formatMinorUnits(row.amount, row.currency, locale)}</TableCell>
                    {wide && <TableCell align="right">{row.coinsAsked}</TableCell>}
                    {wide && <TableCell align="right">{row.coinsTaken}</TableCell>}
                    <TableCell align="right">{row.shortfallCoins}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {more && (
          <Button sx={{ mt: 2 }} onClick={() => void load(rows.at(-1)?.id)}>
            {t('more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
