import type { AdminApproval, ApprovalKind } from '@fanmission/contracts';
import { formatKoreaMoment } from '@fanmission/contracts/time';
import { Chip } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useGetList, useRecordContext, useTranslate } from 'react-admin';

/*
 * A record whose action already waits in an approval request (services/src/approvals): its list row says so and links
 * to the request instead of offering the action again, and asking again says the request was already waiting.
 */

/** What a record's action waits in: a statement (alone or in a month's batch) or a refund request. */
export type ApprovalTarget = 'statement' | 'refund';

/** The ids of the records of `target` a request's frozen parameters act on. */
function targetIds(approval: AdminApproval, target: ApprovalTarget): number[] {
  const params = approval.params;
  const kinds: Record<ApprovalTarget, readonly ApprovalKind[]> = {
    statement: [
      'STATEMENT_RELEASE',
      'STATEMENT_APPROVE',
      'STATEMENT_PAY',
      'STATEMENT_BATCH_APPROVE',
      'STATEMENT_BATCH_PAY',
    ],
    refund: ['MANUAL_REFUND', 'PROVIDER_REFUND'],
  };
  if (!kinds[target].includes(approval.kind)) return [];
  if (target === 'refund') return typeof params['refundId'] === 'number' ? [params['refundId']] : [];
  if (typeof params['statementId'] === 'number') return [params['statementId']];
  const statements = params['statements'];
  return Array.isArray(statements)
    ? statements.flatMap((statement: unknown) => {
        const id = (statement as { id?: unknown } | null)?.id;
        return typeof id === 'number' ? [id] : [];
      })
    : [];
}

/** The waiting requests the staff member may see (his own and those his role approves), one read shared by the rows. */
function useWaitingApprovals(): AdminApproval[] {
  const { data } = useGetList<AdminApproval>(
    'approvals',
    { filter: { status: 'PENDING' }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'DESC' } },
    { staleTime: 10_000 },
  );
  return data ?? [];
}

/** The waiting request that acts on the record of `target` with this id, if any. */
export function useWaitingApprovalFor(target: ApprovalTarget, id: number | undefined): AdminApproval | undefined {
  const waiting = useWaitingApprovals();
  return id === undefined ? undefined : waiting.find((approval) => targetIds(approval, target).includes(id));
}

/** When a request was asked, as the console writes Korea time: `01:14` today, `11.28 01:14` before. */
function askedAt(createdAt: string, now = new Date()): string {
  const moment = formatKoreaMoment(new Date(createdAt));
  return moment.slice(0, 10) === formatKoreaMoment(now).slice(0, 10) ? moment.slice(11) : moment.slice(5);
}

/** Who asked: the staff member's e-mail before its `@` (`finance1`). */
const askedBy = (approval: AdminApproval) => (approval.makerEmail ?? `#${approval.makerId}`).split('@')[0]!;

/** The line that names a waiting request: `#8 · finance1 · 01:14`. */
export const waitingRequestArgs = (approval: AdminApproval) => ({
  // A request number is a name, written without a thousands separator.
  id: String(approval.id),
  maker: askedBy(approval),
  time: askedAt(approval.createdAt),
});

/**
 * The notice after a guarded action answered 202: a new request was sent, or (`existing`) the identical request
 * already waiting was answered, named by its number, maker and time.
 */
export function approvalSentNotice(approval: AdminApproval | undefined): [key: string, args: Record<string, unknown>] {
  return approval?.existing
    ? ['console.approvals.alreadyWaiting', waitingRequestArgs(approval)]
    : ['console.approvals.requested', {}];
}

/**
 * A list row's actions, unless its record's action already waits in a request: then a chip
 * "승인 대기 #8 · finance1 · 01:14" that opens that request, in place of the buttons.
 */
export function UnlessWaiting({ target, children }: { target: ApprovalTarget; children: ReactNode }) {
  const record = useRecordContext<{ id: number }>();
  const waiting = useWaitingApprovalFor(target, record?.id);
  if (!waiting) return <>{children}</>;
  return <WaitingChip approval={waiting} />;
}

function WaitingChip({ approval }: { approval: AdminApproval }) {
  const translate = useTranslate();
  return (
    <Link to={`/approvals/${approval.id}/show`} onClick={(event: MouseEvent) => event.stopPropagation()}>
      <Chip
        component="span"
        clickable
        color="warning"
        variant="outlined"
        size="small"
        label={translate('console.approvals.waitingChip', waitingRequestArgs(approval))}
        sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    </Link>
  );
}
