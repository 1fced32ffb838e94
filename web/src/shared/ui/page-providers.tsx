import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../api/query-provider';
import { theme } from './theme';

/**
 * The component library's theme and TanStack Query, around every lazily loaded page, dialog and menu. The shell
 * (header, footer, landing page) is plain markup styled with the same colours, so the first page a visitor opens
 * does not download the component library. The theme carries the texts the library's components make up themselves
 * (the page numbers' names), in the member's language.
 */
export function PageProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const localised = useMemo(
    () =>
      createTheme(theme, {
        components: {
          MuiPagination: {
            defaultProps: {
              'aria-label': t('pagination.label'),
              getItemAriaLabel: (type: string, page: number | null, selected: boolean) => {
                if (type === 'page') return t(selected ? 'pagination.current' : 'pagination.page', { page });
                if (type === 'first' || type === 'last' || type === 'next') return t(`pagination.${type}`);
                return t('pagination.previous');
              },
            },
          },
        },
      }),
    [t],
  );
  return (
    <ThemeProvider theme={localised}>
      <QueryProvider>{children}</QueryProvider>
    </ThemeProvider>
  );
}
