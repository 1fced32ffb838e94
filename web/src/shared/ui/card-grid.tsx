import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Cards three to a row, two below 992 px and one below 768 px (the creator page's products and completed missions). */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(3, 1fr)',
        '@media (max-width: 991px)': { gridTemplateColumns: 'repeat(2, 1fr)' },
        '@media (max-width: 767px)': { gridTemplateColumns: '1fr' },
      }}
    >
      {children}
    </Box>
  );
}
