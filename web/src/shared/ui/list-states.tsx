import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGINATION_DISPLAY } from '@fanmission/contracts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { retryConnection, RETRY_EVENT } from '../network/connection';

/** A centred spinner while a list or a page loads; `size` for the smaller one under a list loading more. */
export function LoadingState({ py = 6, size }: { py?: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py }}>
      <CircularProgress aria-label={t('common.loading')} size={size} />
    </Box>
  );
}

/** What an empty list offers to do next: a page to open (`to`) or something to do on this one (`onClick`). */
export type EmptyAction = { label: string } & ({ to: string } | { onClick: () => void });

/** The next step under an empty list's message. */
export function EmptyActionButton({ action }: { action: EmptyAction }) {
  return 'to' in action ? (
    <Button component={RouterLink} to={action.to} variant="contained" sx={{ mt: 2 }}>
      {action.label}
    </Button>
  ) : (
    <Button variant="contained" onClick={action.onClick} sx={{ mt: 2 }}>
      {action.label}
    </Button>
  );
}

/** An empty list's message in an outlined box: what is missing and what to do next, with that action under it. */
export function EmptyState({
  message,
  py = 8,
  action,
  children,
}: {
  message: string;
  py?: number;
  action?: EmptyAction;
  children?: ReactNode;
}) {
  return (
    // Side padding too: a longer message (Japanese) otherwise ran from one border of the box to the other.
    <Paper variant="outlined" sx={{ py, px: 2, textAlign: 'center', borderRadius: 3 }}>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
        {message}
      </Typography>
      {action ? <EmptyActionButton action={action} /> : null}
      {children}
    </Paper>
  );
}

/**
 * What a page or a list shows when its data got no answer (offline, a dropped connection): that it could not be
 * loaded, not that there is nothing, and a way to try again. `reload` runs on that retry and by itself when the
 * browser is back online (shared/network/connection.ts sends RETRY_EVENT then).
 */
export function OfflineState({ reload }: { reload: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener(RETRY_EVENT, reload);
    return () => window.removeEventListener(RETRY_EVENT, reload);
  }, [reload]);
  return (
    <EmptyState message={t('network.pageOffline')} action={{ label: t('network.retry'), onClick: retryConnection }} />
  );
}

/** The loading row of a table. */
export function TableLoadingRow({ columns }: { columns: number }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </TableCell>
    </TableRow>
  );
}

/** The empty-list row of a table, with the next step under the message when there is one. */
export function TableEmptyRow({
  columns,
  message,
  action,
}: {
  columns: number;
  message: string;
  action?: EmptyAction;
}) {
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ py: 8 }}>
        <Typography color="text.secondary">{message}</Typography>
        {action ? <EmptyActionButton action={action} /> : null}
      </TableCell>
    </TableRow>
  );
}

/** Page numbers under a paged list (0-based `page`), shown only above one page. */
export function PageNumbers({
  total,
  page,
  onChange,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= 1) return null;
  return (
    <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}>
      <Pagination
        count={total}
        page={page + 1}
        siblingCount={Math.floor(PAGINATION_DISPLAY.pageRange / 2)}
        boundaryCount={PAGINATION_DISPLAY.marginPages}
        onChange={(_, value) => onChange(value - 1)}
      />
    </Box>
  );
}
