import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGINATION_DISPLAY } from '@fanmission/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A centred spinner while a list or a page loads; `size` for the smaller one under a list loading more. */
export function LoadingState({ py = 6, size }: { py?: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py }}>
      <CircularProgress aria-label={t('common.loading')} size={size} />
    </Box>
  );
}

/** The spec's empty-list message in an outlined box, with an optional action under it. */
export function EmptyState({ message, py = 8, children }: { message: string; py?: number; children?: ReactNode }) {
  return (
    // Side padding too: a longer message (Japanese) otherwise ran from one border of the box to the other.
    <Paper variant="outlined" sx={{ py, px: 2, textAlign: 'center', borderRadius: 3 }}>
      <Typography color="text.secondary">{message}</Typography>
      {children}
    </Paper>
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

/** The empty-list row of a table. */
export function TableEmptyRow({ columns, message }: { columns: number; message: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ py: 8 }}>
        <Typography color="text.secondary">{message}</Typography>
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
