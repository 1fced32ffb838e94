import { formatNumber } from '@fanmission/contracts';
import type { AdminStaffAllowance, StaffAllowanceKind } from '@fanmission/contracts';
import { Alert, Box, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { httpClient } from './data-provider';

/*
 * The dashboard's "daily allowance" block (finance): how much of each allowance the signed-in member used alone in the
 * last 24 hours, out of how much. An action past an allowance waits for a second member (docs/rules/security.md,
 * Staff approvals), so the member sees before he asks whether it will run at once.
 */

const UNIT: Record<StaffAllowanceKind, 'coins' | 'won'> = {
  FREE_COINS: 'coins',
  MONEY_OUT_WON: 'won',
  MONEY_IN_WON: 'won',
};

export function AllowanceBlock() {
  const translate = useTranslate();
  const [allowance, setAllowance] = useState<AdminStaffAllowance>();
  const [error, setError] = useState<string>();
  const { permissions } = usePermissions<readonly string[]>();
  const finance = permissions?.includes('ROLE_FINANCE') ?? false;
  useEffect(() => {
    if (!finance) return;
    let cancelled = false;
    httpClient('/api/admin/approvals/allowance').then(
      ({ json }) => !cancelled && setAllowance(json as AdminStaffAllowance),
      (problem: Error) => !cancelled && setError(problem.message),
    );
    return () => {
      cancelled = true;
    };
  }, [finance]);
  if (!finance) return null;
  const amount = (kind: StaffAllowanceKind, value: number) =>
    translate(`console.allowance.${UNIT[kind]}`, { amount: formatNumber(value) });
  return (
    <Card variant="outlined" component="section" aria-labelledby="allowance-title" sx={{ mb: 2, minWidth: 0 }}>
      <CardHeader
        id="allowance-title"
        title={translate('console.allowance.title', { hours: allowance?.windowHours ?? 24 })}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('console.allowance.intro')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {allowance && (
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {allowance.allowances.map(({ allowance: kind, used, limit, remaining }) => (
              <Box component="li" key={kind} sx={{ minWidth: 0 }}>
                <Typography variant="body2" id={`allowance-${kind}`} sx={{ wordBreak: 'keep-all' }}>
                  {translate(`console.allowance.kinds.${kind}`)}
                </Typography>
                <Typography variant="h6" component="p">
                  {translate('console.allowance.used', { used: amount(kind, used), limit: amount(kind, limit) })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={limit > 0 ? Math.min(100, (used / limit) * 100) : 100}
                  color={remaining > 0 ? 'primary' : 'warning'}
                  aria-labelledby={`allowance-${kind}`}
                  sx={{ my: 0.5 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {remaining > 0
                    ? translate('console.allowance.remaining', { amount: amount(kind, remaining) })
                    : translate('console.allowance.none')}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
