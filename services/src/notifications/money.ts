import type { DomainEventPayload, NotificationKind } from '@fanmission/contracts';
import { walletAccount } from '@fanmission/ledger';

type LedgerTransaction = DomainEventPayload<'ledger.transaction.appended'>;

/**
 * The notification a ledger transaction gives the member whose wallet it moved, with its amounts; null for the
 * transactions that tell nobody (card and phone charges, which the member watches complete on the page; missions,
 * which have their own notifications; expiry, which is warned of before). A refund request is told even though the
 * member asked for it: the notification is the record of the money leaving.
 */
export function moneyNotification(
  transaction: LedgerTransaction,
): { userId: number; kind: NotificationKind; params: Record<string, string | number> } | null {
  const userId = transaction.metadata.userId;
  if (typeof userId !== 'number') return null;
  const walletMoved = transaction.postings.find((posting) => posting.account === walletAccount(userId))?.amount ?? 0;
  const coins = Math.abs(walletMoved);
  const of = (kind: NotificationKind, params: Record<string, string | number> = {}) => ({
    userId,
    kind,
    params: { coins, ...params },
  });
  switch (transaction.transactionType) {
    // An operator saw the bank deposit arrive (services/src/coins/deposits.ts, `depositBankTransfer`).
    case 'PURCHASE':
      return transaction.metadata.payMethod === 'withoutbankbook'
        ? of('COINS_DEPOSITED', numberParams(transaction.metadata, 'amount'))
        : null;
    // Finance's free-coin events (services/src/coins/bonus-grants.ts); the world simulation's grants have no reason.
    case 'BONUS_GRANT':
      return transaction.metadata.reason === 'FREE_COIN_EVENT' ? of('BONUS_COINS_RECEIVED') : null;
    case 'PARTIAL_REFUND':
      return of('COIN_REFUND_REQUESTED', {
        coins: numberOr(transaction.metadata.refundedCoins, coins),
        ...numberParams(transaction.metadata, 'feeCoins'),
      });
    case 'REFUND_RETURN':
      return of('COIN_REFUND_REFUSED');
    case 'PURCHASE_WITHDRAWAL':
    case 'PURCHASE_REVERSAL':
      return coins > 0 ? of('CHARGE_WITHDRAWN') : null;
    default:
      return null;
  }
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

function numberParams(metadata: Record<string, unknown>, ...names: string[]): Record<string, number> {
  return Object.fromEntries(
    names.flatMap((name) => (typeof metadata[name] === 'number' ? [[name, metadata[name]]] : [])),
  ) as Record<string, number>;
}
