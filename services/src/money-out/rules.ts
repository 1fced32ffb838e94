import {
  type CoinRefundKind,
  type PayMethod,
  phonePaymentCancellable,
  type RefundDestinationKind,
} from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import { findPaidBankTransfers, findPaymentOrders } from '../payments';

/*
 * The money-out rule (docs/rules/money-out.md): money goes back the way it came.
 * - A card, KakaoPay or PayPal charge, and a phone charge within the month it was paid in, goes back through its
 *   provider (a cancel, in part if need be, in the charge's own currency). Never as cash to an account.
 * - A bank deposit, a phone charge of a month the carrier already billed, and coins of no known charge go to a bank
 *   account, and only to one the bank says the member holds (./account-holder.ts).
 * - What goes to an account is therefore at most what came in by those charges: each refund takes a charge's coins
 *   from that charge's own lot, and a lot's coins leave once.
 */

/** Coins of one charge a refund takes: the charge's payment (`paymentId` of its PURCHASE; null when none paid it). */
export interface ChargeCoins {
  paymentId: string | null;
  coins: number;
}

/** The prefix of a confirmed bank deposit's payment id in the ledger (services/src/coins/deposits.ts). */
const BANK_DEPOSIT_PREFIX = 'bank-transfer:';

/** A provider payment order as the payments module keeps it. */
type PaymentOrder = NonNullable<ReturnType<Awaited<ReturnType<typeof findPaymentOrders>>['get']>>;

/** How the money of one charge leaves: back through its provider, or by bank transfer to the member's account. */
export type ChargeRoute =
  | { via: 'PROVIDER'; order: PaymentOrder }
  | { via: 'BANK_TRANSFER'; origin: 'BANK_DEPOSIT'; depositorName: string }
  | { via: 'BANK_TRANSFER'; origin: 'BILLED_PHONE' | 'NO_CHARGE' };

/** The charges whose coins a refund takes, each with its coins and its route. */
export interface ChargesTaken {
  /** Each charge a provider can still refund, with its coins. */
  byProvider: { order: PaymentOrder; coins: number }[];
  /** Coins that go by bank transfer: bank deposits, billed phone charges, coins of no known charge. */
  toAccountCoins: number;
  /** Whether some of those came from a bank deposit. */
  bankDeposit: boolean;
  /** The depositor names of the bank deposits it takes: an account of one of them is the member's own. */
  depositorNames: string[];
}

/** The route of one charge at `at`: its provider's, or the bank transfer's with where its money came from. */
function routeOf(
  paymentId: string | null,
  orders: Map<string, PaymentOrder>,
  deposits: Map<number, { user_id: number; depositor_name: string }>,
  at: Date,
): ChargeRoute {
  const order = paymentId ? orders.get(paymentId) : undefined;
  if (order) {
    // The carrier refuses to cancel a phone charge once its month is billed: that part goes to an account.
    const billed = order.pay_method === 'phone' && order.paid_at && !phonePaymentCancellable(order.paid_at, at);
    return billed ? { via: 'BANK_TRANSFER', origin: 'BILLED_PHONE' } : { via: 'PROVIDER', order };
  }
  const deposit = paymentId?.startsWith(BANK_DEPOSIT_PREFIX)
    ? deposits.get(Number(paymentId.slice(BANK_DEPOSIT_PREFIX.length)))
    : undefined;
  if (deposit) return { via: 'BANK_TRANSFER', origin: 'BANK_DEPOSIT', depositorName: deposit.depositor_name };
  return { via: 'BANK_TRANSFER', origin: 'NO_CHARGE' };
}

/** Sorts the coins of `shares` by the way their charge's money leaves at `at` (`routeOf`). */
export async function chargesOf(db: DbExecutor, shares: ChargeCoins[], at: Date): Promise<ChargesTaken> {
  const paymentIds = [...new Set(shares.flatMap((share) => (share.paymentId ? [share.paymentId] : [])))];
  const orders = await findPaymentOrders(db, paymentIds);
  const deposits = await findPaidBankTransfers(
    db,
    paymentIds
      .filter((id) => id.startsWith(BANK_DEPOSIT_PREFIX))
      .map((id) => Number(id.slice(BANK_DEPOSIT_PREFIX.length)))
      .filter(Number.isSafeInteger),
  );
  const byCharge = new Map<string, { order: PaymentOrder; coins: number }>();
  const taken: ChargesTaken = { byProvider: [], toAccountCoins: 0, bankDeposit: false, depositorNames: [] };
  for (const share of shares) {
    const route = routeOf(share.paymentId, orders, deposits, at);
    if (route.via === 'PROVIDER') {
      const known = byCharge.get(route.order.id);
      byCharge.set(route.order.id, { order: route.order, coins: (known?.coins ?? 0) + share.coins });
      continue;
    }
    taken.toAccountCoins += share.coins;
    if (route.origin === 'BANK_DEPOSIT') {
      taken.bankDeposit = true;
      if (!taken.depositorNames.includes(route.depositorName)) taken.depositorNames.push(route.depositorName);
    } else if (route.origin === 'NO_CHARGE') {
      // Coins of no known charge (written before charges were recorded): returned like a deposit, by hand.
      taken.bankDeposit = true;
    }
  }
  taken.byProvider = [...byCharge.values()];
  return taken;
}

/** A refund request's destination as stored: its kind, and the pay methods of its provider part. */
export interface StoredDestination {
  kind: RefundDestinationKind;
  methods: PayMethod[] | null;
}

/**
 * Where a refund request's money goes: each charge the way it came (`routeOf`). Every charge through its provider:
 * `ORIGINAL_METHOD` with their methods; none: the member's account (`BANK_ACCOUNT`), or for a withdrawn bank deposit
 * back to the account it was deposited from (`ORIGINAL_METHOD` `withoutbankbook`); both: `SPLIT`.
 */
export function destinationFor(charges: ChargesTaken, kind: CoinRefundKind): StoredDestination {
  const methods = [...new Set(charges.byProvider.map((charge) => charge.order.pay_method as PayMethod))].sort();
  if (charges.toAccountCoins === 0 && methods.length > 0) return { kind: 'ORIGINAL_METHOD', methods };
  if (methods.length > 0) return { kind: 'SPLIT', methods };
  if (kind === 'WITHDRAWAL' && charges.bankDeposit) return { kind: 'ORIGINAL_METHOD', methods: ['withoutbankbook'] };
  return { kind: 'BANK_ACCOUNT', methods: null };
}
