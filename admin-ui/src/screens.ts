import { lazy, type ComponentType } from 'react';

/*
 * Every screen of the console, each loaded the first time it is shown (React.lazy: its module is a chunk of its own),
 * so that the login page and the dashboard load only their own code; react-admin's layout shows its loading bar
 * meanwhile (it wraps its routes in Suspense).
 */

/** The component a module exports under `name`, loaded when first rendered. */
function screen<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}

const dashboardModule = () => import('./dashboard');
export const Dashboard = screen(dashboardModule, 'Dashboard');

const ledgerPageModule = () => import('./ledger-page');
export const LedgerPage = screen(ledgerPageModule, 'LedgerPage');

const shortfallsPageModule = () => import('./shortfalls-page');
export const ShortfallsPage = screen(shortfallsPageModule, 'ShortfallsPage');

const moneyModule = () => import('./resources/money');
export const CoinItemCreate = screen(moneyModule, 'CoinItemCreate');
export const CoinItemEdit = screen(moneyModule, 'CoinItemEdit');
export const CoinItemList = screen(moneyModule, 'CoinItemList');
export const BankTransferList = screen(moneyModule, 'BankTransferList');
export const CoinRefundList = screen(moneyModule, 'CoinRefundList');
export const CoinRefundShow = screen(moneyModule, 'CoinRefundShow');

const settlementsModule = () => import('./resources/settlements');
export const SettlementList = screen(settlementsModule, 'SettlementList');
export const SettlementShow = screen(settlementsModule, 'SettlementShow');
const transferBatchesModule = () => import('./resources/transfer-batches');
export const TransferBatchList = screen(transferBatchesModule, 'TransferBatchList');
export const TransferBatchShow = screen(transferBatchesModule, 'TransferBatchShow');

const commentEventsModule = () => import('./resources/comment-events');
export const CommentEventCreate = screen(commentEventsModule, 'CommentEventCreate');
export const CommentEventEdit = screen(commentEventsModule, 'CommentEventEdit');
export const CommentEventList = screen(commentEventsModule, 'CommentEventList');

const contentModule = () => import('./resources/content');
export const FaqCreate = screen(contentModule, 'FaqCreate');
export const FaqEdit = screen(contentModule, 'FaqEdit');
export const FaqList = screen(contentModule, 'FaqList');
export const PopupCreate = screen(contentModule, 'PopupCreate');
export const PopupEdit = screen(contentModule, 'PopupEdit');
export const PopupList = screen(contentModule, 'PopupList');
export const TagCreate = screen(contentModule, 'TagCreate');
export const TagEdit = screen(contentModule, 'TagEdit');
export const TagList = screen(contentModule, 'TagList');

const termsVersionsModule = () => import('./resources/terms-versions');
export const TermsVersionCreate = screen(termsVersionsModule, 'TermsVersionCreate');
export const TermsVersionList = screen(termsVersionsModule, 'TermsVersionList');
export const TermsVersionShow = screen(termsVersionsModule, 'TermsVersionShow');

const reviewModerationModule = () => import('./resources/review-moderation');
export const ReviewList = screen(reviewModerationModule, 'ReviewList');
export const ReviewShow = screen(reviewModerationModule, 'ReviewShow');

const blockObjectionsModule = () => import('./resources/block-objections');
export const BlockObjectionList = screen(blockObjectionsModule, 'BlockObjectionList');

const moderationModule = () => import('./resources/moderation');
export const CommentList = screen(moderationModule, 'CommentList');
export const CommentShow = screen(moderationModule, 'CommentShow');
export const CommentRestrictionCreate = screen(moderationModule, 'CommentRestrictionCreate');
export const CommentRestrictionList = screen(moderationModule, 'CommentRestrictionList');
export const CreatorList = screen(moderationModule, 'CreatorList');
export const GradeProposalList = screen(moderationModule, 'GradeProposalList');
export const PenaltyList = screen(moderationModule, 'PenaltyList');

const creatorReviewModule = () => import('./resources/creator-review');
export const CreatorShow = screen(creatorReviewModule, 'CreatorShow');
export const AdultClearanceList = screen(creatorReviewModule, 'AdultClearanceList');

const missionsModule = () => import('./resources/missions');
export const MissionList = screen(missionsModule, 'MissionList');
export const MissionProductList = screen(missionsModule, 'MissionProductList');
export const MissionShow = screen(missionsModule, 'MissionShow');

const approvalsModule = () => import('./resources/approvals');
export const ApprovalList = screen(approvalsModule, 'ApprovalList');
export const ApprovalShow = screen(approvalsModule, 'ApprovalShow');

const bonusGrantsModule = () => import('./resources/bonus-grants');
export const BonusGrantCreate = screen(bonusGrantsModule, 'BonusGrantCreate');
export const BonusGrantList = screen(bonusGrantsModule, 'BonusGrantList');

const paymentsModule = () => import('./resources/payments');
export const PaymentList = screen(paymentsModule, 'PaymentList');
export const PaymentShow = screen(paymentsModule, 'PaymentShow');

const payoutAccountsModule = () => import('./resources/payout-accounts');
export const PayoutAccountChangeList = screen(payoutAccountsModule, 'PayoutAccountChangeList');
export const PayoutAccountChangeShow = screen(payoutAccountsModule, 'PayoutAccountChangeShow');

const peopleModule = () => import('./resources/people');
export const StaffCreate = screen(peopleModule, 'StaffCreate');
export const StaffEdit = screen(peopleModule, 'StaffEdit');
export const StaffList = screen(peopleModule, 'StaffList');
export const UserList = screen(peopleModule, 'UserList');
export const UserShow = screen(peopleModule, 'UserShow');

const systemModule = () => import('./resources/system');
export const AuditLogList = screen(systemModule, 'AuditLogList');
export const AuditLogShow = screen(systemModule, 'AuditLogShow');
export const LedgerVerifyRunList = screen(systemModule, 'LedgerVerifyRunList');
