import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { TableEmptyRow, TableLoadingRow } from './list-states';

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
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
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
}
