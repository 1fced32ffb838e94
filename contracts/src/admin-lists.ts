import { ADMIN_APPROVAL_SORT_FIELDS } from './admin-approvals';
import { ADMIN_BONUS_GRANT_SORT_FIELDS } from './admin-bonus-grants';
import {
  ADMIN_COIN_ITEM_SORT_FIELDS,
  ADMIN_MISSION_PRODUCT_SORT_FIELDS,
  ADMIN_MISSION_SORT_FIELDS,
  ADMIN_TAG_SORT_FIELDS,
} from './admin-catalog';
import { ADMIN_AUDIT_SORT_FIELDS, ADMIN_STAFF_SORT_FIELDS, ADMIN_USER_SORT_FIELDS } from './admin-console';
import { LEDGER_VERIFY_RUN_SORT_FIELDS } from './admin-ledger';
import { ADMIN_PAYMENT_SORT_FIELDS } from './admin-payments';
import { ADMIN_FAQ_SORT_FIELDS, ADMIN_POPUP_SORT_FIELDS } from './board';
import { ADMIN_COIN_REFUND_SORT_FIELDS } from './coin-refunds';
import { ADMIN_BANK_TRANSFER_SORT_FIELDS } from './coins-api';
import {
  ADMIN_COMMENT_EVENT_SORT_FIELDS,
  ADMIN_COMMENT_RESTRICTION_SORT_FIELDS,
  ADMIN_COMMENT_SORT_FIELDS,
} from './comments';
import { ADMIN_CREATOR_SORT_FIELDS } from './creator-review-admin';
import {
  ADMIN_GRADE_PROPOSAL_SORT_FIELDS,
  ADMIN_SETTLEMENT_SORT_FIELDS,
  ADMIN_TRANSFER_BATCH_SORT_FIELDS,
} from './income-api';
import { ADMIN_CREATOR_PENALTY_SORT_FIELDS } from './mission-requests';
import { ADMIN_PAYOUT_ACCOUNT_CHANGE_SORT_FIELDS } from './payout-accounts';
import { ADMIN_REVIEW_SORT_FIELDS } from './reviews';
import { ADMIN_TERMS_VERSION_SORT_FIELDS } from './terms';
import { ADMIN_BLOCK_OBJECTION_SORT_FIELDS } from './trust';

/**
 * The sort fields each console list accepts, by its resource under `/api/admin`: the one copy of the rule. The list's
 * route validates `sort` against them (services/src/admin/console-routes.ts) and the console offers a column's header
 * for sorting exactly when the column's field is among them (admin-ui/src/resources/list-actions.tsx). Every order
 * other than the id's is read from an index in that order (services/src/db/list-indexes.ts).
 */
export const ADMIN_LIST_SORT_FIELDS = {
  approvals: ADMIN_APPROVAL_SORT_FIELDS,
  'audit-log': ADMIN_AUDIT_SORT_FIELDS,
  'bank-transfers': ADMIN_BANK_TRANSFER_SORT_FIELDS,
  'block-objections': ADMIN_BLOCK_OBJECTION_SORT_FIELDS,
  'bonus-grants': ADMIN_BONUS_GRANT_SORT_FIELDS,
  'coin-items': ADMIN_COIN_ITEM_SORT_FIELDS,
  'coin-refunds': ADMIN_COIN_REFUND_SORT_FIELDS,
  'comment-events': ADMIN_COMMENT_EVENT_SORT_FIELDS,
  'comment-restrictions': ADMIN_COMMENT_RESTRICTION_SORT_FIELDS,
  'creator-penalties': ADMIN_CREATOR_PENALTY_SORT_FIELDS,
  creators: ADMIN_CREATOR_SORT_FIELDS,
  faqs: ADMIN_FAQ_SORT_FIELDS,
  'grade-proposals': ADMIN_GRADE_PROPOSAL_SORT_FIELDS,
  'ledger-verify-runs': LEDGER_VERIFY_RUN_SORT_FIELDS,
  'mission-comments': ADMIN_COMMENT_SORT_FIELDS,
  'mission-products': ADMIN_MISSION_PRODUCT_SORT_FIELDS,
  'mission-reviews': ADMIN_REVIEW_SORT_FIELDS,
  missions: ADMIN_MISSION_SORT_FIELDS,
  payments: ADMIN_PAYMENT_SORT_FIELDS,
  'payout-account-changes': ADMIN_PAYOUT_ACCOUNT_CHANGE_SORT_FIELDS,
  popups: ADMIN_POPUP_SORT_FIELDS,
  settlements: ADMIN_SETTLEMENT_SORT_FIELDS,
  'settlement-transfer-batches': ADMIN_TRANSFER_BATCH_SORT_FIELDS,
  staff: ADMIN_STAFF_SORT_FIELDS,
  tags: ADMIN_TAG_SORT_FIELDS,
  'terms-versions': ADMIN_TERMS_VERSION_SORT_FIELDS,
  users: ADMIN_USER_SORT_FIELDS,
} as const satisfies Record<string, readonly [string, ...string[]]>;

/** A console list's resource. */
export type AdminListResource = keyof typeof ADMIN_LIST_SORT_FIELDS;
/** A sort field the list of `Resource` accepts. */
export type AdminListSortField<Resource extends AdminListResource> = (typeof ADMIN_LIST_SORT_FIELDS)[Resource][number];

/** Whether a name is the resource of a console list. */
export const isAdminListResource = (name: string): name is AdminListResource =>
  Object.hasOwn(ADMIN_LIST_SORT_FIELDS, name);

/** The sort fields of a console list; none for a name that is not one (then nothing sorts). */
export function adminListSortFields(resource: string): readonly string[] {
  return isAdminListResource(resource) ? ADMIN_LIST_SORT_FIELDS[resource] : [];
}
