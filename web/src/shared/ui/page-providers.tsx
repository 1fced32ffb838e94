import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { QueryProvider } from '../api/query-provider';
import { theme } from './theme';

/**
 * The component library's theme and TanStack Query, around every lazily loaded page, dialog and menu. The shell
 * (header, footer, landing page) is plain markup styled with the same colours, so the first page a visitor opens
 * does not download the component library.
 */
export function PageProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <QueryProvider>{children}</QueryProvider>
    </ThemeProvider>
  );
}
