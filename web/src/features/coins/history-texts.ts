import { type CoinHistoryRefund, type CoinHistoryRowDto, DEPOSIT_STATUSES, formatNumber } from '@fanmission/contracts';
import type { TFunction } from 'i18next';
import { isOwnCancel } from '../../shared/cards/own-cancel';
import { refundMoneyLines, statusText } from './components/refund-requests';
import { destinationText } from './refund-destination';

/** The content text of a history row. */
export function historyContent(row: CoinHistoryRowDto, t: TFunction): string {
  // The product's type in words (the income screen's labels), its name and the creator: "기본 · 노래 한 소절 · 별빛".
  const product = row.mission
    ? [
        t(`income.productType.${row.mission.missionProduct.type}`),
        row.mission.missionProduct.name,
        row.mission.creatorName,
      ].join(' · ')
    : '';
  switch (row.eventType) {
    case 'USE':
      return product;
    case 'EARN':
      if (row.coinDeposit?.payment) return t('coinHistory.earnCharge');
      if (row.coinDeposit?.coinItem.itemType === 'BONUS') return t('coinHistory.earnFreeEvent');
      // Finance's free-coin events (services/src/coins/bonus-grants.ts) grant with this reason.
      if (row.reason === 'FREE_COIN_EVENT') return t('coinHistory.earnFreeEvent');
      if (row.coinItemType === 'BONUS') return t('coinHistory.earnBonus');
      return t('coinHistory.earnCharge');
    case 'EXPIRED':
      return t('coinHistory.expired');
    case 'REFUND':
      if (!row.mission) return refundContent(row, t);
      if (isOwnCancel(row.mission)) return `${product} ${t('coinHistory.ownCancel')}`;
      return row.mission.status === 'REJECTED' ? `${product} ${t('coinHistory.rejected')}` : product;
  }
}

/**
 * A refund row without a mission, by what moved the coins: a partial refund names the fee it kept (never "charge
 * withdrawn": the fan asked for money back, he did not cancel a charge), a refused refund's coins coming back, a
 * payment refunded at its provider, and a charge withdrawn.
 */
function refundContent(row: CoinHistoryRowDto, t: TFunction): string {
  switch (row.transactionType) {
    case 'PARTIAL_REFUND':
      return t('coinHistory.partialRefund', { fee: formatNumber(row.feeCoins ?? 0) });
    case 'REFUND_RETURN':
      return t('coinHistory.refundReturned');
    case 'PURCHASE_REVERSAL':
      return t('coinHistory.providerReversal');
    default:
      return t('coinHistory.refund');
  }
}

/** ready / paid / cancelled / failed have labels; anything else shows NONE. */
export function depositStatusLabel(status: string, t: TFunction): string {
  return (DEPOSIT_STATUSES as readonly string[]).includes(status)
    ? t(`coinHistory.deposit.${status}`)
    : t('coinHistory.deposit.NONE');
}

/** "+1,000" / "-300": every amount signed. */
export const signedPoint = (point: number) => `${point > 0 ? '+' : ''}${formatNumber(point)}`;

/**
 * The refund request a refund row made, in one line under it: the money (won, or each charge's own currency), where
 * it goes and how it stands, as the pending tab's list shows them: "54,400원 · 신용카드로 환불 · 지급 완료 (2026.11.29)".
 */
export function historyRefundLine(refund: CoinHistoryRefund, t: TFunction, language: string): string {
  return [
    refundMoneyLines(refund, language, t).join(', '),
    destinationText(refund.destination, t, language),
    statusText(refund, t),
  ].join(' · ');
}
