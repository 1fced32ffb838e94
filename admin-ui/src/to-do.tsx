import type { AdminToDo, ToDoQueue } from '@fanmission/contracts';
import { Alert, Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useTranslate } from 'react-admin';
import { httpClient } from './data-provider';
import { formatKst } from './format/kst';

/*
 * The dashboard's "to do" block: each queue the signed-in staff member may act on (the server decides, from his
 * roles), its size, since when its oldest entry waits, and a link to its list filtered to it, oldest first.
 */

/** A console list's address with its filter and order (react-admin's list parameters). */
const listPath = (resource: string, filter: object, sort: [field: string, order: 'ASC' | 'DESC']) =>
  `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter), sort: sort[0], order: sort[1], page: '1' })}`;

export const TO_DO_LINKS: Record<ToDoQueue, string> = {
  creatorsToReview: listPath('creators', { reviewStatus: 'PENDING' }, ['createdAt', 'ASC']),
  // Its own queue, whose rows' actions are the clearance's (admin-ui/src/resources/creator-review.tsx).
  adultFlagClearRequests: '/adult-clearances',
  blockObjections: listPath('block-objections', { status: 'PENDING' }, ['created', 'ASC']),
  // The most reported first: a comment many members reported weighs more than an older single report.
  reportedComments: listPath('mission-comments', { awaitingDecision: true }, ['reportsCount', 'DESC']),
  reportedReviews: listPath('mission-reviews', { awaitingDecision: true }, ['reportsCount', 'DESC']),
  depositsToConfirm: listPath('bank-transfers', { status: 'ready' }, ['created', 'ASC']),
  refundRequests: listPath('coin-refunds', { status: 'requested' }, ['dueOn', 'ASC']),
  statementsToApprove: listPath('settlements', { status: 'ISSUED', held: false }, ['id', 'ASC']),
  statementsToPay: listPath('settlements', { status: 'APPROVED', held: false }, ['id', 'ASC']),
  heldStatements: listPath('settlements', { held: true }, ['id', 'ASC']),
  approvalsWaitingForMe: `/approvals?${new URLSearchParams({ filter: JSON.stringify({ view: 'waiting' }) })}`,
};

export function ToDoBlock() {
  const translate = useTranslate();
  const [toDo, setToDo] = useState<AdminToDo>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let cancelled = false;
    httpClient('/api/admin/to-do').then(
      ({ json }) => !cancelled && setToDo(json as AdminToDo),
      (problem: Error) => !cancelled && setError(problem.message),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Card variant="outlined" component="section" aria-labelledby="to-do-title" sx={{ mb: 2, minWidth: 0 }}>
      <CardHeader
        id="to-do-title"
        title={translate('console.toDo.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {error && <Alert severity="error">{error}</Alert>}
        {toDo && (
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {toDo.items.map(({ queue, count, oldestAt }) => (
              <Box component="li" key={queue} sx={{ minWidth: 0 }}>
                <Link
                  to={TO_DO_LINKS[queue]}
                  underline="none"
                  sx={{
                    display: 'block',
                    p: 1.5,
                    borderRadius: 1,
                    border: 1,
                    borderColor: count > 0 ? 'primary.main' : 'divider',
                    color: 'text.primary',
                    '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                  }}
                >
                  <Typography variant="body2" sx={{ wordBreak: 'keep-all' }}>
                    {translate(`console.toDo.queues.${queue}`)}
                  </Typography>
                  <Typography
                    variant="h5"
                    component="p"
                    sx={{ fontWeight: count > 0 ? 700 : 400, color: count > 0 ? 'primary.main' : 'text.secondary' }}
                  >
                    {translate('console.toDo.count', { count })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', minHeight: '1.66em' }}>
                    {oldestAt
                      ? translate('console.toDo.oldest', { date: formatKst(oldestAt, { showTime: true }) })
                      : ''}
                  </Typography>
                </Link>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
