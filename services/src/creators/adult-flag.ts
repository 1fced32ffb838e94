import type { AdultClearDecision, AdultFlagChange, AdultFlagSetter } from '@fanmission/contracts';
import { appendAudit } from '../admin';
import type { Caller } from '../auth';
import type { DbExecutor } from '../db';
import { AppError } from '../http';
import type { CreatorRow, CreatorUpdate } from './table';

// The adult flag remembers who set it (docs/rules/adult-content.md). Either the creator or an operator sets it at
// once; only an operator clears it. A creator who turns it off asks for that: the flag, and so the gate over his
// page, missions, answers and comments, stays on until an operator accepts (the console's review, the operators'
// to-do).

type FlagState = Pick<CreatorRow, 'contain_adult_content' | 'adult_flagged_by' | 'adult_clear_requested_at'>;

/** 409: an operator decides a request to clear the adult flag that is not waiting. */
export const adultClearNotRequested = () =>
  new AppError(409, 'creators.adultClearNotRequested', { code: 'ADULT_CLEAR_NOT_REQUESTED' });

const cleared: CreatorUpdate = { contain_adult_content: false, adult_flagged_by: null, adult_clear_requested_at: null };

/** What setting the flag to `wanted` does, asked by the creator himself or by an operator. */
export function adultFlagValues(
  current: FlagState,
  wanted: boolean | undefined,
  by: AdultFlagSetter,
  now: Date,
): CreatorUpdate {
  if (wanted === undefined) return {};
  if (wanted) {
    if (!current.contain_adult_content) return { contain_adult_content: true, adult_flagged_by: by };
    // Turning it back on withdraws his own request to clear it.
    return by === 'CREATOR' && current.adult_clear_requested_at !== null ? { adult_clear_requested_at: null } : {};
  }
  if (!current.contain_adult_content) return {};
  if (by === 'OPERATOR') return cleared;
  return current.adult_clear_requested_at === null ? { adult_clear_requested_at: now } : {};
}

/** An operator's decision on the creator's request: ACCEPT clears the flag, DECLINE keeps it as the operator's. */
export function adultClearDecisionValues(current: FlagState, decision: AdultClearDecision): CreatorUpdate {
  if (current.adult_clear_requested_at === null) throw adultClearNotRequested();
  return decision === 'ACCEPT' ? cleared : { adult_clear_requested_at: null, adult_flagged_by: 'OPERATOR' };
}

/**
 * What an operator's write does to the adult flag, for his reason and the creator's notice: a decision on the
 * creator's request, or the flag set or cleared; null when the flag stays as it was.
 */
export function adultFlagChange(
  current: FlagState,
  decision: AdultClearDecision | undefined,
  values: CreatorUpdate,
): AdultFlagChange | null {
  if (decision !== undefined) return decision === 'ACCEPT' ? 'CLEAR_ACCEPTED' : 'CLEAR_DECLINED';
  if (values.contain_adult_content === undefined || values.contain_adult_content === current.contain_adult_content) {
    return null;
  }
  return values.contain_adult_content ? 'FLAGGED' : 'CLEARED';
}

const flagOf = (state: FlagState) => ({
  containAdultContent: state.contain_adult_content,
  adultFlaggedBy: state.adult_flagged_by,
  adultClearRequested: state.adult_clear_requested_at !== null,
});

/**
 * Appends the creator's own change of his adult flag to the audit log, in the transaction that makes it: member writes
 * are not audited otherwise, and operators read the flag's history there.
 */
export async function auditCreatorAdultFlag(
  trx: DbExecutor,
  entry: { caller: Caller; creatorId: number; before: FlagState; values: CreatorUpdate; requestId: string; at: Date },
): Promise<void> {
  const after = { ...entry.before, ...entry.values } as FlagState;
  await appendAudit(trx, {
    actorId: entry.caller.id,
    actorRoles: entry.caller.roles,
    action: 'PUT /api/v1/creators/:id',
    resource: 'creators',
    resourceId: String(entry.creatorId),
    before: flagOf(entry.before),
    after: flagOf(after),
    statusCode: 200,
    requestId: entry.requestId,
    at: entry.at,
  });
}
