import {
  ACCOUNT_PROVIDERS,
  BUSINESS_TYPES,
  SNS_TYPES,
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  APPROVAL_STEPS,
  BLOCK_OBJECTION_STATUSES,
  COIN_ITEM_TYPES,
  COIN_LOT_SOURCES,
  COIN_REFUND_KINDS,
  COIN_REFUND_STATUSES,
  CREATOR_GRADES,
  COMMENT_EVENT_BUDGET_APPROVALS,
  COMMENT_REPORT_OUTCOMES,
  COMMENT_REPORT_REASONS,
  CREATOR_REVIEW_STATUSES,
  DASHBOARD_SALES_METHODS,
  DEPOSIT_STATUSES,
  EVENT_STATUSES,
  FAQ_CATEGORIES,
  GRADE_PROPOSAL_STATUSES,
  LEDGER_TRANSACTION_TYPES,
  LEDGER_VERIFY_MODES,
  LEDGER_VERIFY_RUN_STATUSES,
  MISSION_REJECTION_REASONS,
  MISSION_STATUSES,
  PAYMENT_EVENT_KINDS,
  PAYMENT_ORDER_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_REVERSAL_KINDS,
  PRODUCT_TYPES,
  ROLES,
  STATEMENT_STATUSES,
  TRANSFER_BATCH_DISCREPANCIES,
  TRANSFER_BATCH_LINE_RESULTS,
  TRANSFER_BATCH_STATUSES,
  TERMS_KINDS,
  TERMS_VERSION_STATES,
} from '@fanmission/contracts';

/**
 * The code families the console shows or filters by, each the list of its codes in the contracts. Every language's
 * table (./codes-ko.ts, ./codes-en.ts, ./codes-ja.ts) has a label for every code of every family: a code added to the contracts
 * without a label fails the type check. Under react-admin's i18n a label is `codes.<family>.<code>`.
 */
export const CODE_FAMILIES = {
  missionStatus: MISSION_STATUSES,
  /** A mission's type is its product's (BASIC, LUCKY, CUSTOM, EVENT). */
  productType: PRODUCT_TYPES,
  missionRejectionReason: MISSION_REJECTION_REASONS,
  /** A coin item's type; a coin lot's source is the type of the item it was bought as (`COIN_LOT_SOURCES`). */
  coinItemType: COIN_ITEM_TYPES,
  depositStatus: DEPOSIT_STATUSES,
  coinRefundKind: COIN_REFUND_KINDS,
  coinRefundStatus: COIN_REFUND_STATUSES,
  paymentProvider: PAYMENT_PROVIDERS,
  paymentReversalKind: PAYMENT_REVERSAL_KINDS,
  paymentStatus: PAYMENT_STATUSES,
  payMethod: PAYMENT_ORDER_METHODS,
  paymentEventKind: PAYMENT_EVENT_KINDS,
  eventStatus: EVENT_STATUSES,
  salesMethod: DASHBOARD_SALES_METHODS,
  statementStatus: STATEMENT_STATUSES,
  transferBatchStatus: TRANSFER_BATCH_STATUSES,
  transferLineResult: TRANSFER_BATCH_LINE_RESULTS,
  transferDiscrepancy: TRANSFER_BATCH_DISCREPANCIES,
  ledgerTransactionType: LEDGER_TRANSACTION_TYPES,
  ledgerVerifyRunStatus: LEDGER_VERIFY_RUN_STATUSES,
  ledgerVerifyMode: LEDGER_VERIFY_MODES,
  creatorReviewStatus: CREATOR_REVIEW_STATUSES,
  creatorGrade: CREATOR_GRADES,
  businessType: BUSINESS_TYPES,
  snsType: SNS_TYPES,
  gradeProposalStatus: GRADE_PROPOSAL_STATUSES,
  blockObjectionStatus: BLOCK_OBJECTION_STATUSES,
  role: ROLES,
  accountProvider: ACCOUNT_PROVIDERS,
  faqCategory: FAQ_CATEGORIES,
  budgetApproval: COMMENT_EVENT_BUDGET_APPROVALS,
  approvalKind: APPROVAL_KINDS,
  approvalStatus: APPROVAL_STATUSES,
  approvalStep: APPROVAL_STEPS,
  termsKind: TERMS_KINDS,
  commentReportReason: COMMENT_REPORT_REASONS,
  commentReportOutcome: COMMENT_REPORT_OUTCOMES,
  termsVersionState: TERMS_VERSION_STATES,
} as const;

export type CodeFamily = keyof typeof CODE_FAMILIES;
export type CodeOf<Family extends CodeFamily> = (typeof CODE_FAMILIES)[Family][number];

/** One language's labels: every code of every family. */
export type CodeLabels = { [Family in CodeFamily]: Record<CodeOf<Family>, string> };

// A coin lot's source is labelled as the coin item type it names: every source must be one of those types.
const _lotSourcesAreItemTypes: readonly CodeOf<'coinItemType'>[] = COIN_LOT_SOURCES;
