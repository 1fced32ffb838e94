import { z } from 'zod';
import { creatorGradeSchema } from './creators';
import { SETTLEMENT } from './limits';
import { PAYEE_ACCOUNT_REFUSALS, PAYOUT_ACCOUNT_VERIFICATION_STATUSES } from './payout-accounts';
import { pageQuerySchema, pageSchema } from './page';
import { productTypeSchema } from './missions';

/*
 * Income and settlement calls and the finance console's resources under
 * /api/admin (settlements, settlement runs, grade proposals). Amounts are whole won, coins whole coins.
 */

const dateTime = z.iso.datetime({ offset: true });
const calendarDate = z.iso.date();
const won = z.number().int();
const percent = z.number();

/**
 * CARRIED_OVER → (a later payout) ; ISSUED → APPROVED → IN_TRANSFER (in a bank transfer batch) → PAID, or
 * TRANSFER_FAILED (the bank's result failed it; a new batch takes it again) — docs/rules/settlement.md.
 */
export const STATEMENT_STATUSES = [
  'CARRIED_OVER',
  'ISSUED',
  'APPROVED',
  'IN_TRANSFER',
  'TRANSFER_FAILED',
  'PAID',
] as const;
export const statementStatusSchema = z.enum(STATEMENT_STATUSES);
export type StatementStatus = z.infer<typeof statementStatusSchema>;

/** The year and month of a settlement: from 2018 to 9999. */
const yearField = z.coerce.number({ error: 'validation.required' }).int().min(SETTLEMENT.incomeFirstYear).max(9999);
const monthField = z.coerce.number({ error: 'validation.required' }).int().min(1).max(12);

export const incomeMonthQuerySchema = z.object({ year: yearField, month: monthField });
export type IncomeMonthQuery = z.infer<typeof incomeMonthQuerySchema>;

export const incomeCreatorParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Old style income: won earned (after the grade's conversion) and won already paid out. */
export const incomeOldSchema = z.object({ totalEarning: won, paidIncome: won }).meta({ id: 'IncomeOld' });
export type IncomeOld = z.infer<typeof incomeOldSchema>;

/** New style income: coins earned, the creator's income in won, the payment fee and the platform fee. */
export const incomeNewSchema = z
  .object({
    totalEarningCoin: z.number().int(),
    income: won,
    pgFee: won,
    fatkatFee: won,
    /** What reaches the creator after overseas deductions. */
    toReceipt: won,
  })
  .meta({ id: 'IncomeNew' });
export type IncomeNew = z.infer<typeof incomeNewSchema>;

/**
 * Beyond the spec: the all-time totals (accumulated-new) with the income tax and local income tax withheld, so that
 * paid + still to be paid + withheld (+ overseas fees) is the income.
 */
export const lifetimeIncomeTotalsSchema = incomeNewSchema
  .extend({ withheld: won })
  .meta({ id: 'LifetimeIncomeTotals' });
export type LifetimeIncomeTotals = z.infer<typeof lifetimeIncomeTotalsSchema>;

/** A month's income so far (by-month-new): settled or not, with the grade it is valued at. */
export const monthIncomeSchema = incomeNewSchema
  .extend({
    year: z.number().int(),
    month: z.number().int(),
    grade: creatorGradeSchema,
    /** The month's statement when the month has been settled, else null (computed from the releases so far). */
    statementId: z.number().int().nullable(),
    settled: z.boolean(),
    /** The taxes taken from income before toReceipt (docs/rules/settlement.md): income tax, and local income tax. */
    taxWithheld: won,
    localTaxWithheld: won,
    /** What the month's coins sold for: coins × 100 won, before the payment and platform fees. */
    gross: won,
    /** An overseas account's extra fee, taken from income before toReceipt. */
    overseasFee: won,
    /** The fewest coins a statement pays for this creator's account (500; 1,000 for a foreigner paid abroad). */
    minimumCoins: z.number().int(),
    /**
     * The month comes to fewer coins than `minimumCoins`: nothing is paid for it, its coins carry over to the next
     * month (settled: its statement is CARRIED_OVER; so far: this month's coins alone, carried coins aside).
     */
    carriesOver: z.boolean(),
  })
  .meta({ id: 'MonthIncome' });
export type MonthIncome = z.infer<typeof monthIncomeSchema>;

/**
 * A monthly settlement row. Advanced payments and introduction fees are programmes that do not exist
 * yet: their fields are always 0.
 */
/**
 * Why a statement is held: its account's holder check is not done (`ACCOUNT_UNVERIFIED`), found another holder
 * (`ACCOUNT_MISMATCH`) or failed (`ACCOUNT_FAILED`); or a change of the account waits for finance's release
 * (`ACCOUNT_CHANGED`).
 */
export const STATEMENT_HOLD_REASONS = [
  'ACCOUNT_UNVERIFIED',
  'ACCOUNT_MISMATCH',
  'ACCOUNT_FAILED',
  'ACCOUNT_CHANGED',
] as const;
export type StatementHoldReason = (typeof STATEMENT_HOLD_REASONS)[number];

export const monthlySettlementSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    month: z.number().int(),
    created: dateTime,
    totalEarningCoin: z.number().int(),
    income: won,
    pgFee: won,
    pgFeeRate: percent,
    fatkatFee: won,
    fatkatFeeRate: percent,
    advancedPaymentCurrent: won,
    advancedPaymentFeeRate: percent,
    advancedPaymentTotal: won,
    totalIntroductionFee: won,
    totalIntroductionFeeCoin: z.number().int(),
    toReceipt: won,
    paid: z.boolean(),
    /** Beyond the spec: how the row came about. */
    status: statementStatusSchema,
    grade: creatorGradeSchema,
    /** Coins of this month, and of earlier months carried over into this statement. */
    monthCoins: z.number().int(),
    carriedCoins: z.number().int(),
    gross: won,
    overseasFee: won,
    overseasFeeRate: percent,
    /** Overseas account: the 10 % tax; domestic individual: the 3 % income tax (소득세법 사업소득 원천징수). */
    taxWithheld: won,
    taxRate: percent,
    /** A domestic individual's 0.3 % local income tax (지방소득세 특별징수); 0 otherwise. */
    localTaxWithheld: won,
    localTaxRate: percent,
    dueDate: calendarDate.nullable(),
    /** The payout statement that paid this carried-over month. */
    carriedIntoStatementId: z.number().int().nullable(),
    /**
     * Beyond the spec: the account this statement pays, as it was when the statement was issued (a later change of
     * the payout account pays the statements issued after it), the number masked; null when none was set.
     */
    payTo: z.object({ bankName: z.string(), bankAccountNumber: z.string() }).nullable(),
    /** Beyond the spec: the Korea-time day it was paid (its transfer's date, else the day marked paid); null unpaid. */
    paidOn: calendarDate.nullable(),
    /**
     * Not payable now (docs/rules/settlement.md, holds): the account it pays is not VERIFIED by the account-holder
     * look-up, or the statement was issued within 72 hours of a change of that account and finance has not released
     * it yet. A held statement is left out of the transfer file and can be neither approved nor paid.
     */
    held: z.boolean(),
    /** Why it is held, the account's check first (what the creator can act on); null when not held. */
    holdReason: z.enum(STATEMENT_HOLD_REASONS).nullable(),
  })
  .meta({ id: 'MonthlySettlement' });
export type MonthlySettlement = z.infer<typeof monthlySettlementSchema>;

export const incomePageQuerySchema = pageQuerySchema(12);
export const monthlySettlementPageSchema = pageSchema(monthlySettlementSchema).meta({ id: 'MonthlySettlementPage' });

/** Current income detail row: one mission released to the creator in the month. */
export const incomeDetailRowSchema = z
  .object({
    missionId: z.number().int().nullable(),
    missionProductType: productTypeSchema.nullable(),
    username: z.string().nullable(),
    missionProductName: z.string().nullable(),
    coinPrice: z.number().int(),
    completed: dateTime,
  })
  .meta({ id: 'IncomeDetailRow' });
export type IncomeDetailRow = z.infer<typeof incomeDetailRowSchema>;

export const incomeDetailQuerySchema = pageQuerySchema(12).extend({ incomeYear: yearField, incomeMonth: monthField });
export const incomeDetailPageSchema = pageSchema(incomeDetailRowSchema).meta({ id: 'IncomeDetailPage' });

export const statementIdParamsSchema = z.object({ statementId: z.coerce.number().int().positive() });

// ---- Finance console -------------------------------------------------------------------------------------------

export const settlementRunRequestSchema = z.strictObject({
  year: z.number({ error: 'validation.required' }).int().min(2018).max(9999),
  month: z.number({ error: 'validation.required' }).int().min(1).max(12),
});
export type SettlementRunRequest = z.infer<typeof settlementRunRequestSchema>;

export const settlementRunResultSchema = z
  .object({
    year: z.number().int(),
    month: z.number().int(),
    issued: z.number().int(),
    carriedOver: z.number().int(),
    unchanged: z.number().int(),
    statementIds: z.array(z.number().int()),
    settledCoins: z.number().int(),
    gradeProposals: z.number().int(),
  })
  .meta({ id: 'SettlementRunResult' });
export type SettlementRunResult = z.infer<typeof settlementRunResultSchema>;

export const adminSettlementLineSchema = z
  .object({
    ledgerTransactionId: z.number().int(),
    statementId: z.number().int(),
    missionId: z.number().int().nullable(),
    missionProductType: productTypeSchema.nullable(),
    missionProductName: z.string().nullable(),
    username: z.string().nullable(),
    coins: z.number().int(),
    releasedAt: dateTime,
  })
  .meta({ id: 'AdminSettlementLine' });

export const adminSettlementSchema = monthlySettlementSchema
  .extend({
    creatorId: z.number().int(),
    creatorName: z.string(),
    overseas: z.boolean(),
    foreigner: z.boolean(),
    bankName: z.string().nullable(),
    bankAccountHolder: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
    approvedAt: dateTime.nullable(),
    paidAt: dateTime.nullable(),
    transferReference: z.string().nullable(),
    transferDate: calendarDate.nullable(),
    /** Not paid and past its due date (Korea time). */
    overdue: z.boolean(),
    /** The account-holder look-up of the account it pays (null: no account). */
    payToVerification: z.enum(PAYOUT_ACCOUNT_VERIFICATION_STATUSES).nullable(),
    /** The holder's name as the bank answered the look-up of that account (null before an answer). */
    payToBankHolder: z.string().nullable(),
    /** The payout account change that held it (null: never held). */
    holdAccountChangeId: z.number().int().nullable(),
    holdReleasedAt: dateTime.nullable(),
    holdReleasedByUserId: z.number().int().nullable(),
    holdReleaseNote: z.string().nullable(),
    /** The bank transfer batch that holds it (IN_TRANSFER), or last held it; null when none ever did. */
    transferBatchId: z.number().int().nullable(),
    /** TRANSFER_FAILED: when the bank's result failed it and the bank's reason. */
    transferFailedAt: dateTime.nullable(),
    transferFailedReason: z.string().nullable(),
  })
  .meta({ id: 'AdminSettlement' });
export type AdminSettlement = z.infer<typeof adminSettlementSchema>;

export const adminSettlementDetailSchema = adminSettlementSchema
  .extend({ lines: z.array(adminSettlementLineSchema), carriedStatementIds: z.array(z.number().int()) })
  .meta({ id: 'AdminSettlementDetail' });
export type AdminSettlementDetail = z.infer<typeof adminSettlementDetailSchema>;

/**
 * A statement list's orders: `year` and `month` both order by the month (its year, then its month), `creatorId` groups
 * a creator's statements; the amounts and the status as the row shows them.
 */
export const ADMIN_SETTLEMENT_SORT_FIELDS = [
  'id',
  'year',
  'month',
  'creatorId',
  'totalEarningCoin',
  'income',
  'toReceipt',
  'status',
] as const;

export const adminSettlementFilterSchema = z.object({
  year: z.coerce.number().int().optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  status: statementStatusSchema.optional(),
  creatorId: z.coerce.number().int().positive().optional(),
  overdue: z.boolean().optional(),
  /** Held for finance now (true), or not held or released (false). */
  held: z.boolean().optional(),
});
export type AdminSettlementFilter = z.infer<typeof adminSettlementFilterSchema>;

/**
 * PUT /api/admin/settlements/{id}: approve, mark paid with the bank transfer's reference and date, or release a held
 * statement with what finance checked. Plain objects: a console may send the whole record beside `action`
 * (ra-data-simple-rest's update); the rest is ignored.
 */
export const updateSettlementRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({
    action: z.literal('release'),
    note: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200),
  }),
  z.object({
    action: z.literal('pay'),
    transferReference: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(100),
    transferDate: z.iso.date({ error: 'validation.date' }),
  }),
]);
export type UpdateSettlementRequest = z.infer<typeof updateSettlementRequestSchema>;

/**
 * The transfer file of a month: only its APPROVED statements that are not held (`status=APPROVED`, the only value, is
 * what the file always holds).
 */
export const transferFileQuerySchema = z.object({
  year: yearField,
  month: monthField,
  status: z.enum(['APPROVED']).optional(),
});

/**
 * The most statements one batch request freezes: the capacity plan's 50,000 creators settle in one monthly batch.
 */
export const SETTLEMENT_BATCH_MAX_STATEMENTS = 50_000;

const transferReferenceField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100);

/**
 * The most statements finance selects by hand for one batch (`statementIds`): a list's pages of rows, not a month.
 */
export const SETTLEMENT_BATCH_MAX_SELECTED = 1_000;

/**
 * The statements finance selected in the list, at most SETTLEMENT_BATCH_MAX_SELECTED ids. Each must be of the month,
 * in the action's status and not held, or nothing is asked (services/src/income/batches.ts, `batchStatements`).
 */
const statementIdsField = z.array(z.number().int().positive()).min(1).max(SETTLEMENT_BATCH_MAX_SELECTED);

/**
 * POST /api/admin/settlements/batches: approve (ISSUED) or mark paid (APPROVED) the month's statements as ONE staff
 * approval request: every statement of the month in the action's status that is not held, or exactly the
 * `statementIds` finance selected in the list. Held statements are never in a batch.
 */
export const settlementBatchRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('approve'),
    year: yearField,
    month: monthField,
    statementIds: statementIdsField.optional(),
  }),
  z.strictObject({
    action: z.literal('pay'),
    year: yearField,
    month: monthField,
    statementIds: statementIdsField.optional(),
    transferReference: transferReferenceField,
    transferDate: z.iso.date({ error: 'validation.date' }),
  }),
]);
export type SettlementBatchRequest = z.infer<typeof settlementBatchRequestSchema>;

/**
 * GET /api/admin/settlements/batches/preview: what a batch request of the same action, month and selection would take
 * now (`statementIds` comma-separated, as the list selected them); nothing is asked.
 */
export const settlementBatchPreviewQuerySchema = z.object({
  action: z.enum(['approve', 'pay'], { error: 'validation.required' }),
  year: yearField,
  month: monthField,
  statementIds: z
    .string()
    .transform((value) => value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part))))
    .pipe(statementIdsField)
    .optional(),
});
export type SettlementBatchPreviewQuery = z.infer<typeof settlementBatchPreviewQuerySchema>;

/** The count and totals a batch request would freeze now: the same figures as its approval's summary. */
export const settlementBatchPreviewSchema = z
  .object({
    action: z.enum(['approve', 'pay']),
    year: z.number().int(),
    month: z.number().int(),
    count: z.number().int(),
    /** Won to transfer, in total. */
    toReceipt: won,
    /** Income tax and local income tax withheld, in total (won). */
    withheld: won,
  })
  .meta({ id: 'SettlementBatchPreview' });
export type SettlementBatchPreview = z.infer<typeof settlementBatchPreviewSchema>;

/** One statement of a batch as its request freezes it: what the checker reads and what the run compares. */
export const settlementBatchStatementSchema = z
  .object({
    id: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    /** Won to transfer. */
    toReceipt: won,
    /** Income tax and local income tax withheld (won). */
    withheld: won,
  })
  .meta({ id: 'SettlementBatchStatement' });
export type SettlementBatchStatement = z.infer<typeof settlementBatchStatementSchema>;

/**
 * Why a statement of a batch was left as it was when the batch ran. `PAYEE_ACCOUNT_REFUSED`: a payment's statement whose
 * account is not its payee's own verified one (services/src/money-out, payeeAccountRefusals).
 */
export const SETTLEMENT_BATCH_SKIP_REASONS = [
  'HELD',
  'ALREADY_DONE',
  'STATUS_CHANGED',
  'AMOUNT_CHANGED',
  'GONE',
  'PAYEE_ACCOUNT_REFUSED',
] as const;
export const settlementBatchSkipReasonSchema = z.enum(SETTLEMENT_BATCH_SKIP_REASONS);

/** What an approved batch did: the statements it changed and those it skipped, each with why. */
export const settlementBatchResultSchema = z
  .object({
    action: z.enum(['approve', 'pay']),
    done: z.array(z.number().int()),
    skipped: z.array(z.object({ statementId: z.number().int(), reason: settlementBatchSkipReasonSchema })),
  })
  .meta({ id: 'SettlementBatchResult' });
export type SettlementBatchResult = z.infer<typeof settlementBatchResultSchema>;

/** The memo of a transfer file row (what the creator's bank statement shows): `FM-S` and the statement id. */
export const TRANSFER_MEMO_PREFIX = 'FM-S';
export const transferMemo = (statementId: number) => `${TRANSFER_MEMO_PREFIX}${statementId}`;

/** The largest bank result file the import reads (characters): some 50,000 rows. */
export const TRANSFER_RESULT_MAX_CHARS = 3_000_000;

/**
 * POST /api/admin/settlements/transfer-results (and `/preview`): the bank's result file of a month's bulk transfer,
 * as CSV text with a header row naming `statementId` or `memo`, `account`, `amount`, `result` (OK or FAILED) and `reason`
 * (docs/rules/settlement.md, file layouts), and the transfer's reference and date the paid statements record.
 */
export const transferResultImportSchema = z.strictObject({
  year: yearField,
  month: monthField,
  csv: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(TRANSFER_RESULT_MAX_CHARS),
  transferReference: transferReferenceField,
  transferDate: z.iso.date({ error: 'validation.date' }),
});
export type TransferResultImport = z.infer<typeof transferResultImportSchema>;

/**
 * Why a row of the result file pays nothing: the bank's FAILED transfer, or a mismatch with the statements (an id no
 * statement of the month has, another account number or amount than the statement's, a statement already paid, held, not approved yet, a second row of the
 * same statement, a row that cannot be read).
 */
export const TRANSFER_RESULT_PROBLEMS = [
  'FAILED',
  'UNKNOWN_STATEMENT',
  'ACCOUNT_DIFFERS',
  'AMOUNT_DIFFERS',
  'ALREADY_PAID',
  'HELD',
  'NOT_APPROVED',
  'DUPLICATE',
  'UNREADABLE',
] as const;
export const transferResultProblemSchema = z.enum(TRANSFER_RESULT_PROBLEMS);
export type TransferResultProblem = z.infer<typeof transferResultProblemSchema>;

/** A row of the result file that pays nothing, with its line (1 is the header) and what it says. */
export const transferResultUnpaidRowSchema = z
  .object({
    line: z.number().int(),
    statementId: z.number().int().nullable(),
    /** The amount the row gives (null when unreadable) and the statement's won to transfer (null when unknown). */
    amount: won.nullable(),
    expected: won.nullable(),
    /** The account number the row gives and the one the statement pays (null when unknown). */
    bankAccountNumber: z.string().nullable(),
    expectedBankAccountNumber: z.string().nullable(),
    problem: transferResultProblemSchema,
    /** The bank's reason of a FAILED row. */
    bankReason: z.string().nullable(),
  })
  .meta({ id: 'TransferResultUnpaidRow' });
export type TransferResultUnpaidRow = z.infer<typeof transferResultUnpaidRowSchema>;

/** The result file as read: the statements it marks paid (with totals) and the rows that pay nothing. */
export const transferResultPreviewSchema = z
  .object({
    rows: z.number().int(),
    toPay: z.array(settlementBatchStatementSchema),
    count: z.number().int(),
    toReceipt: won,
    withheld: won,
    unpaid: z.array(transferResultUnpaidRowSchema),
  })
  .meta({ id: 'TransferResultPreview' });
export type TransferResultPreview = z.infer<typeof transferResultPreviewSchema>;

export const GRADE_PROPOSAL_STATUSES = ['PROPOSED', 'CONFIRMED'] as const;
export const gradeProposalSchema = z
  .object({
    id: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    reviewMonth: z.string(),
    appliesMonth: z.string(),
    onTimeCompleted: z.number().int(),
    gradeDropped: z.boolean(),
    currentGrade: creatorGradeSchema,
    proposedGrade: creatorGradeSchema,
    status: z.enum(GRADE_PROPOSAL_STATUSES),
    confirmedGrade: creatorGradeSchema.nullable(),
    confirmedAt: dateTime.nullable(),
    createdAt: dateTime,
  })
  .meta({ id: 'GradeProposal' });
export type GradeProposal = z.infer<typeof gradeProposalSchema>;

export const ADMIN_GRADE_PROPOSAL_SORT_FIELDS = ['id'] as const;

export const gradeProposalFilterSchema = z.object({
  reviewMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  status: z.enum(GRADE_PROPOSAL_STATUSES).optional(),
  creatorId: z.coerce.number().int().positive().optional(),
});
export type GradeProposalFilter = z.infer<typeof gradeProposalFilterSchema>;

/** Confirms a proposal, with the proposed grade or another one the operator chose. */
export const confirmGradeProposalRequestSchema = z.strictObject({ grade: creatorGradeSchema.optional() });

/*
 * Bank transfer batches (`/api/admin/settlement-transfer-batches`, docs/rules/money-out.md): a numbered record of one
 * bulk-transfer file — who made it, when, which statements (each moves to IN_TRANSFER), their count and won, and the
 * SHA-256 of the file's bytes. A second finance member not related to its maker releases it (a
 * SETTLEMENT_TRANSFER_RELEASE approval request) before anyone downloads the file; the bank's result file is read
 * against the batch it names.
 */
export const ADMIN_TRANSFER_BATCH_SORT_FIELDS = ['id', 'status', 'createdAt'] as const;

export const TRANSFER_BATCH_STATUSES = ['CREATED', 'RELEASED', 'CLOSED', 'CANCELLED'] as const;
export const transferBatchStatusSchema = z.enum(TRANSFER_BATCH_STATUSES);
export type TransferBatchStatus = z.infer<typeof transferBatchStatusSchema>;

/** POST: the month's APPROVED statements that are not held (in no other batch), or exactly those selected. */
export const transferBatchCreateSchema = z.strictObject({
  year: yearField,
  month: monthField,
  statementIds: statementIdsField.optional(),
});
export type TransferBatchCreate = z.infer<typeof transferBatchCreateSchema>;

/** GET …/preview: what a batch of the month would take now (nothing is made). */
export const transferBatchPreviewQuerySchema = z.object({ year: yearField, month: monthField });

export const transferBatchPreviewSchema = z
  .object({
    year: z.number().int(),
    month: z.number().int(),
    count: z.number().int(),
    total: won,
    statementIds: z.array(z.number().int()),
    /** Approved, unheld statements of the month left out: their account is not the payee's own verified one. */
    refused: z.array(
      z.object({
        statementId: z.number().int(),
        reason: z.enum(PAYEE_ACCOUNT_REFUSALS),
        /** The reason in the caller's language. */
        message: z.string(),
      }),
    ),
  })
  .meta({ id: 'TransferBatchPreview' });
export type TransferBatchPreview = z.infer<typeof transferBatchPreviewSchema>;

export const transferBatchFilterSchema = z.object({
  status: transferBatchStatusSchema.optional(),
  year: z.coerce.number().int().optional(),
  month: z.coerce.number().int().optional(),
});
export type TransferBatchFilter = z.infer<typeof transferBatchFilterSchema>;

const staffRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const transferBatchSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    month: z.number().int(),
    status: transferBatchStatusSchema,
    createdBy: staffRef,
    createdAt: dateTime,
    /** The pending (or decided) SETTLEMENT_TRANSFER_RELEASE request asked when the batch was made. */
    releaseApprovalId: z.number().int().nullable(),
    releasedBy: staffRef,
    releasedAt: dateTime.nullable(),
    cancelledBy: staffRef,
    cancelledAt: dateTime.nullable(),
    closedAt: dateTime.nullable(),
    count: z.number().int(),
    /** Won the file transfers. */
    total: won,
    /** Hex SHA-256 of the file's bytes: every download gives exactly these bytes. */
    fileSha256: z.string(),
    filename: z.string(),
    /** Lines the bank's result settled (PAID or FAILED). */
    paid: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'TransferBatch' });
export type TransferBatch = z.infer<typeof transferBatchSchema>;

export const TRANSFER_BATCH_LINE_RESULTS = ['PENDING', 'PAID', 'FAILED'] as const;

export const transferBatchLineSchema = z
  .object({
    statementId: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    /** The bank's 3-digit code (은행코드) and name, the account as the file gives it, and the won. */
    bankCode: z.string(),
    bankName: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
    amount: won,
    result: z.enum(TRANSFER_BATCH_LINE_RESULTS),
    resultAt: dateTime.nullable(),
    bankReason: z.string().nullable(),
  })
  .meta({ id: 'TransferBatchLine' });
export type TransferBatchLine = z.infer<typeof transferBatchLineSchema>;

export const transferBatchDetailSchema = transferBatchSchema
  .extend({ lines: z.array(transferBatchLineSchema) })
  .meta({ id: 'TransferBatchDetail' });
export type TransferBatchDetail = z.infer<typeof transferBatchDetailSchema>;

/** The bank's result file of the batch the route names, and the transfer's reference and date paid lines record. */
export const transferBatchResultImportSchema = z.strictObject({
  csv: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(TRANSFER_RESULT_MAX_CHARS),
  transferReference: transferReferenceField,
  transferDate: z.iso.date({ error: 'validation.date' }),
});
export type TransferBatchResultImport = z.infer<typeof transferBatchResultImportSchema>;

/**
 * Why a result line settles nothing: a statement that is not in the batch, another account or amount than the
 * batch's line, a paid line whose account is no longer the payee's own verified one, a second line of one statement,
 * a line already settled by an earlier import, an unreadable line.
 */
export const TRANSFER_BATCH_DISCREPANCIES = [
  'NOT_IN_BATCH',
  'ACCOUNT_DIFFERS',
  'ACCOUNT_NOT_PAYEES',
  'AMOUNT_DIFFERS',
  'DUPLICATE',
  'ALREADY_SETTLED',
  'UNREADABLE',
] as const;

export const transferBatchDiscrepancySchema = z
  .object({
    line: z.number().int(),
    statementId: z.number().int().nullable(),
    problem: z.enum(TRANSFER_BATCH_DISCREPANCIES),
    /** What the batch expects and what the file says (null when unknown or unreadable). */
    expectedAmount: won.nullable(),
    amount: won.nullable(),
    expectedBankAccountNumber: z.string().nullable(),
    bankAccountNumber: z.string().nullable(),
  })
  .meta({ id: 'TransferBatchDiscrepancy' });
export type TransferBatchDiscrepancy = z.infer<typeof transferBatchDiscrepancySchema>;

export const transferBatchResultOutcomeSchema = z
  .object({
    /** False for a preview: nothing changed. */
    applied: z.boolean(),
    rows: z.number().int(),
    paid: z.array(z.number().int()),
    failed: z.array(z.object({ statementId: z.number().int(), bankReason: z.string().nullable() })),
    discrepancies: z.array(transferBatchDiscrepancySchema),
    batch: transferBatchSchema,
  })
  .meta({ id: 'TransferBatchResultOutcome' });
export type TransferBatchResultOutcome = z.infer<typeof transferBatchResultOutcomeSchema>;
