import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableEmptyRow, TableLoadingRow } from './list-states';

/**
 * Edge shadows that say more of the table lies that way: white covers scroll with the rows (`local`), the shadows stay
 * at the box's edges (`scroll`), so a shadow shows only where the rows go on.
 */
const SCROLL_SHADOWS = {
  background: [
    'linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left center / 40px 100% no-repeat local',
    'linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right center / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) left center / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) right center / 14px 100% no-repeat scroll',
  ].join(', '),
  backgroundColor: 'background.paper',
} as const;

/** Whether the element's content is wider than the element (a phone's table), followed as either resizes. */
function useOverflowsSideways<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/** A table with its header, then the loading row, the empty message, or the rows. */
export function RowsTable({
  label,
  size,
  columns,
  loading,
  empty,
  children,
}: {
  /** The table's accessible name. */
  label?: string;
  size?: 'small' | 'medium';
  columns: string[];
  loading: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { ref, overflows } = useOverflowsSideways<HTMLDivElement>();
  // A table wider than the screen scrolls inside its box: the box says so (a line above it, shadows at the edges
  // where more columns lie) and takes the keyboard's focus, so its arrow keys scroll it.
  const table = (
    <TableContainer
      ref={ref}
      component={Paper}
      variant="outlined"
      sx={{ borderRadius: 3, ...(overflows && SCROLL_SHADOWS) }}
      {...(overflows && { role: 'region', tabIndex: 0, 'aria-label': label ?? t('common.scrollsSideways') })}
    >
      <Table size={size} aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading ? (
            <TableLoadingRow columns={columns.length} />
          ) : empty !== null ? (
            <TableEmptyRow columns={columns.length} message={empty} />
          ) : (
            children
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
  return (
    <>
      {overflows && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t('common.scrollsSideways')}
        </Typography>
      )}
      {table}
    </>
  );
}
