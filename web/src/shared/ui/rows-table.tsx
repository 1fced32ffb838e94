import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
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

/**
 * On a phone every row is a card of its own: each cell on a line of its own, its column's name before it (the header
 * row is hidden; the names come from `columns`, in order), so no column lies off-screen. From `sm` up, a table.
 */
function stackedOnPhones(columns: string[], theme: Theme): Record<string, object> {
  return {
    [theme.breakpoints.down('sm')]: {
      '& table, & tbody, & tbody tr': { display: 'block', width: '100%' },
      '& tbody td': { display: 'block', border: 0, py: 0.5, px: 2 },
      '& thead': { display: 'none' },
      '& tbody tr': { py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } },
      // The name floats left of the value, which keeps to the right and wraps under it when long (a value may be
      // several parts: an amount and the tax under it, a status and the account it pays).
      '& tbody td:not([colspan])': {
        textAlign: 'right',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        '&::after': { content: '""', display: 'table', clear: 'both' },
      },
      '& tbody td:not([colspan])::before': {
        float: 'left',
        maxWidth: '45%',
        mr: 2,
        textAlign: 'left',
        fontWeight: 700,
        color: 'text.secondary',
      },
      ...Object.fromEntries(
        columns.map((column, index) => [
          `& tbody td:nth-of-type(${index + 1}):not([colspan])::before`,
          { content: JSON.stringify(column) },
        ]),
      ),
    },
  };
}

/** Whether the element's content is wider than the element (a wide table), followed as either resizes. */
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

/** A table with its header, then the loading row, the empty message, or the rows; stacked cards on a phone. */
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
  const theme = useTheme();
  // A table wider than its box (a tablet's) scrolls inside it: the box says so (a line above it, shadows at the edges
  // where more columns lie) and takes the keyboard's focus, so its arrow keys scroll it.
  const table = (
    <TableContainer
      ref={ref}
      component={Paper}
      variant="outlined"
      sx={{ borderRadius: 3, ...(overflows && SCROLL_SHADOWS), ...stackedOnPhones(columns, theme) }}
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
