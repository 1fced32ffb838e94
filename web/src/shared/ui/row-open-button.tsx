import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/**
 * The title of a table row that opens on a tap: the keyboard's way in (and where the focus returns when the dialog it
 * opens closes). The row's own click handler stays for the mouse; this one does not bubble to it.
 */
export function RowOpenButton({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Link
      component="button"
      type="button"
      color="inherit"
      underline="hover"
      sx={{ textAlign: 'left', minHeight: 24, font: 'inherit' }}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
}
