import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page with a centred column and an h1. */
export function Page({
  title,
  children,
  width = 'sm',
  hideTitle = false,
}: {
  title: string;
  children: ReactNode;
  width?: 'xs' | 'sm' | 'md' | 'lg';
  hideTitle?: boolean;
}) {
  return (
    <Container component="main" maxWidth={width} sx={{ py: { xs: 4, md: 6 } }}>
      {hideTitle ? null : (
        // Smaller on a phone: at 34 px a Japanese title of eleven characters left its last one alone on a line, and
        // English titles of two words took two lines.
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: 28, sm: 34 } }}>
          {title}
        </Typography>
      )}
      {children}
    </Container>
  );
}

/** A white card holding a form or a notice. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</Box>
    </Paper>
  );
}
