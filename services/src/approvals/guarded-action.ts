import type { ApprovalKind, ApprovalSubject, ApprovalSummary, StaffRole } from '@fanmission/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { ServiceContext } from '../context';
import type { Database, DbExecutor } from '../db';

/** What an approved action is run with: the approval's transaction, its maker and checker, the time of approval. */
export interface ApprovedRun {
  ctx: ServiceContext;
  requestId: number;
  makerId: number;
  approverId: number;
  now: Date;
}

/**
 * A staff action under the maker-checker rule, declared by the module that owns the action: the schema of its frozen
 * parameters, the role its checker must hold, the values of its one-line summary (the console words the line in its
 * language), the state of what it acts on (a change between the request and its approval voids the request), and the
 * run itself, which re-checks the action's own rules.
 */
export interface GuardedActionDefinition<Params, Kind extends ApprovalKind> {
  kind: Kind;
  /** The role a checker must hold, or how the parameters decide it. */
  role: StaffRole | ((params: Params) => StaffRole);
  params: z.ZodType<Params>;
  summary(params: Params): ApprovalSummary<Kind>;
  /** The staff account the action changes, if any: that member never approves it. */
  subjectStaffId?(params: Params): number | null;
  /** The target's relevant state (locked when the executor is a transaction); JSON-comparable. */
  targetState(db: DbExecutor, params: Params, ctx: ServiceContext): Promise<unknown>;
  /** Who and what it acts on as they are now, for the checker's page (a money action names its member and amount). */
  subject?(params: Params, ctx: ServiceContext): Promise<ApprovalSubject | null>;
  execute(trx: Transaction<Database>, params: Params, run: ApprovedRun): Promise<unknown>;
}

/** A guarded action with its parameters' type erased, as the approvals' routes hold them. */
export interface GuardedAction {
  kind: ApprovalKind;
  roleOf(params: unknown): StaffRole;
  parse(params: unknown): unknown;
  summary(params: unknown): Readonly<Record<string, string | number>>;
  subjectStaffId(params: unknown): number | null;
  targetState(db: DbExecutor, params: unknown, ctx: ServiceContext): Promise<unknown>;
  subject(params: unknown, ctx: ServiceContext): Promise<ApprovalSubject | null>;
  execute(trx: Transaction<Database>, params: unknown, run: ApprovedRun): Promise<unknown>;
}

export function guardedAction<Params, Kind extends ApprovalKind>(
  definition: GuardedActionDefinition<Params, Kind>,
): GuardedAction {
  const parse = (params: unknown) => definition.params.parse(params);
  return {
    kind: definition.kind,
    roleOf: (params) => {
      const { role } = definition;
      return typeof role === 'function' ? role(parse(params)) : role;
    },
    parse,
    summary: (params) => definition.summary(parse(params)),
    subjectStaffId: (params) => definition.subjectStaffId?.(parse(params)) ?? null,
    targetState: (db, params, ctx) => definition.targetState(db, parse(params), ctx),
    subject: async (params, ctx) => (definition.subject ? definition.subject(parse(params), ctx) : null),
    execute: (trx, params, run) => definition.execute(trx, parse(params), run),
  };
}
