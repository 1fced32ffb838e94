import { z } from 'zod';
import { isoDateTime } from './admin-fields';
import { PROVIDER_PAY_METHODS } from './coins-api';
import { eventsHealthSchema } from './health';

// The console's money views: the ledger verify runs, the dashboard and a ledger account's summary.

// ----- ledger verify runs -----

export const LEDGER_VERIFY_RUN_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
/** FULL: the whole log replayed; INCREMENTAL: only the transactions since the last run, from its checkpoint. */
export const LEDGER_VERIFY_MODES = ['FULL', 'INCREMENTAL'] as const;
export type LedgerVerifyMode = (typeof LEDGER_VERIFY_MODES)[number];

/** The body may be left out: a full replay. */
export const startLedgerVerifyRunSchema = z.preprocess(
  (body) => body ?? {},
  z
    .object({ mode: z.enum(LEDGER_VERIFY_MODES).default('FULL') })
    .describe('FULL replays the whole log; INCREMENTAL the transactions since the checkpoint of the last run'),
);

export const ledgerVerifyRunSchema = z
  .object({
    id: z.number().int(),
    mode: z.enum(LEDGER_VERIFY_MODES),
    status: z.enum(LEDGER_VERIFY_RUN_STATUSES),
    startedBy: z.number().int().nullable(),
    startedAt: isoDateTime,
    finishedAt: isoDateTime.nullable(),
    doneTransactions: z.number().int(),
    totalTransactions: z.number().int(),
    ok: z.boolean().nullable(),
    report: z
      .object({
        /** The checkpoint an incremental run started after (0: the whole log). */
        since: z.number().int(),
        transactions: z.number().int(),
        postings: z.number().int(),
        accounts: z.number().int(),
        lots: z.number().int(),
        /** The first differences found (at most 100), and how many there were. */
        differences: z.array(z.record(z.string(), z.unknown())),
        differenceCount: z.number().int(),
      })
      .nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'LedgerVerifyRun' });
export type LedgerVerifyRun = z.infer<typeof ledgerVerifyRunSchema>;
export const LEDGER_VERIFY_RUN_SORT_FIELDS = ['id'] as const;

// ----- dashboard -----

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(92).default(30),
});

/** The methods the dashboard's sales are grouped by: a provider's pay method, a bank deposit, or other (none recorded). */
export const DASHBOARD_SALES_METHODS = [...PROVIDER_PAY_METHODS, 'bank', 'other'] as const;
export type DashboardSalesMethod = (typeof DASHBOARD_SALES_METHODS)[number];

export const adminDashboardSchema = z
  .object({
    /** Korea-time days, oldest first, from..to inclusive. */
    from: z.string(),
    to: z.string(),
    coinSalesPerDay: z.array(
      z.object({
        day: z.string(),
        won: z.number().int(),
        /** Won by payment method (`DASHBOARD_SALES_METHODS`). */
        byMethod: z.record(z.string(), z.number().int()),
      }),
    ),
    /** Sales by method (`DASHBOARD_SALES_METHODS`), the largest first. */
    salesByMethod: z.array(z.object({ method: z.string(), won: z.number().int(), count: z.number().int() })),
    /** Missions requested each day, and each day's outcomes by the day they happened. */
    missionsPerDay: z.array(
      z.object({
        day: z.string(),
        requested: z.number().int(),
        completed: z.number().int(),
        refused: z.number().int(),
        /** The creator let the decision or the performance deadline pass. */
        expired: z.number().int(),
        canceled: z.number().int(),
      }),
    ),
    /** Completed ÷ (completed + perform-expired) over the window; null when neither happened. */
    onTimeRate: z.number().nullable(),
    escrowCoins: z.number().int(),
    /** Statement totals per month once settlements exist; empty until then. */
    settlementsPerMonth: z.array(z.object({ month: z.string(), won: z.number().int(), paidWon: z.number().int() })),
    events: eventsHealthSchema,
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ----- ledger account summary -----

export const adminLedgerAccountSchema = z
  .object({
    account: z.string(),
    /** Null when the account has never been posted to. */
    kind: z.string().nullable(),
    balance: z.number().int(),
    /** Wallets only: coin lots, newest first (at most 100). */
    lots: z.array(
      z.object({
        id: z.number().int(),
        source: z.string(),
        amount: z.number().int(),
        remaining: z.number().int(),
        expiresAt: isoDateTime,
        createdAt: isoDateTime,
      }),
    ),
  })
  .meta({ id: 'AdminLedgerAccount' });
export type AdminLedgerAccount = z.infer<typeof adminLedgerAccountSchema>;
