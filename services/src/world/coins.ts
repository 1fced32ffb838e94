import { DAY_MS, koreaMonthRange } from '@fanmission/contracts';
import { bankTransferPaymentId } from '../coins';
import { DEMO_BANK_DEPOSIT_ACCOUNT } from '../config';
import { COIN_ITEMS, PAY_METHODS, entryOf, weighted, type Mission, type Row, type WorldContext } from './shape';
import type { CommentWin } from './comment-event';
import { refundedCoinsOf, refundRow } from './rows';
import { WorldSettlement } from './world-settlement';

/** The phone every generated bank deposit names, and the named fans' cash receipts are issued to. */
const DEPOSITOR_PHONE = '01012345678';

/**
 * The coins, in time order, through the ledger's bulk path: charges when a wallet runs short, holds, rolls, releases,
 * refunds, withdrawals, bonuses, partial refunds and the monthly settlements.
 */
export async function playCoinHistory(
  world: WorldContext,
  missions: Mission[],
  creators: Row[],
  commentWins: CommentWin[],
) {
  const { shape, cast, random, since, now, at, ledger, operatorId, fanUser } = world;
  // The named fans (the demo fan) pay with each method in turn, so their history shows every one.
  const castCharges = new Map<number, number>();
  // How each member paid so far: a partial refund sends card, wallet and phone money back there and only bank
  // deposits to his own account (services/src/money-out/rules.ts).
  const paidWith = new Map<number, Set<string>>();
  // The coins, in time order: charges when a wallet runs short, holds, rolls, releases and refunds.
  const payments: Row[] = [];
  const bankTransfers: Row[] = [];
  // The named fans ask a cash receipt (소득공제, on the depositor's phone) with each bank deposit: issued when it was
  // confirmed, so their coin history shows its number.
  const cashReceipts: Row[] = [];
  const deposits: Row[] = [];
  const refunds: Row[] = [];
  let rollCount = 0;
  const charge = (userId: number, coins: number, time: Date, regret = false) => {
    // Fans buy ahead: the smallest pack that covers the need twice over, when there is one.
    const item = COIN_ITEMS.find((candidate) => candidate.point >= 2 * coins) ?? COIN_ITEMS.at(-1)!;
    const named = userId < fanUser(cast.fans.length + 1) && userId >= fanUser(1);
    const turn = castCharges.get(userId) ?? 0;
    castCharges.set(userId, turn + 1);
    const drawn = weighted(random, PAY_METHODS);
    const chosen = named ? PAY_METHODS[turn % PAY_METHODS.length]! : drawn;
    // A charge taken back is one a provider can refund (a bank transfer is not).
    const pay = regret && chosen.provider === null ? PAY_METHODS[1] : chosen;
    const paymentId = `world-${payments.length + bankTransfers.length + 1}`;
    paidWith.set(userId, (paidWith.get(userId) ?? new Set<string>()).add(pay.method));
    const depositId = deposits.length + 1;
    let bankTransferId: number | null = null;
    if (pay.provider === null) {
      bankTransferId = bankTransfers.length + 1;
      bankTransfers.push({
        id: bankTransferId,
        user_id: userId,
        coin_item_id: item.id,
        depositor_name: `입금자 ${userId}`,
        depositor_phone: DEPOSITOR_PHONE,
        cash_receipt_number: named ? DEPOSITOR_PHONE : null,
        amount: item.price,
        point: item.point,
        status: 'paid',
        decided_by: operatorId,
        decided_at: time,
        created_at: new Date(time.getTime() - 3_600_000),
        updated_at: time,
      });
      if (named) {
        cashReceipts.push({
          bank_transfer_id: bankTransferId,
          receipt_type: 'PHONE',
          number: DEPOSITOR_PHONE,
          amount: item.price,
          status: 'ISSUED',
          approval_number: `world-cash-receipt-${bankTransferId}`,
          issued_at: time,
          attempts: 1,
          created_at: time,
        });
      }
    } else {
      payments.push({
        id: paymentId,
        user_id: userId,
        coin_item_id: item.id,
        provider: pay.provider,
        pay_method: pay.method,
        currency: pay.provider === 'paypal' ? 'USD' : 'KRW',
        amount: pay.provider === 'paypal' ? item.point * 8 : item.price,
        status: 'paid',
        provider_payment_id: paymentId,
        point: item.point,
        created_at: new Date(time.getTime() - 60_000),
        updated_at: time,
        paid_at: time,
      });
    }
    const outcome = ledger.run('Purchase', {
      userId,
      coins: item.point,
      paymentId: bankTransferId === null ? paymentId : bankTransferPaymentId(bankTransferId),
      payMethod: pay.method,
      coinItemId: item.id,
      idempotencyKey: `world:purchase:${paymentId}`,
      now: time,
    });
    const entry = entryOf(outcome);
    deposits.push({
      id: depositId,
      user_id: userId,
      coin_item_id: item.id,
      payment_id: bankTransferId === null ? paymentId : null,
      bank_transfer_id: bankTransferId,
      ledger_transaction_id: entry.transactionId,
      created_at: time,
    });
    if (regret && bankTransferId === null) {
      const withdrawnAt = new Date(time.getTime() + DAY_MS);
      const withdrawal = entryOf(
        ledger.run('WithdrawPurchase', {
          userId,
          paymentId,
          idempotencyKey: `world:withdraw:${paymentId}`,
          now: withdrawnAt,
        }),
      );
      refunds.push(
        refundRow(refunds.length + 1, userId, 'WITHDRAWAL', depositId, withdrawal, item.point, 0, withdrawnAt, now, {
          payMethod: pay.method,
        }),
      );
    }
  };
  const spendable = (userId: number) => ledger.balance(`wallet:${userId}`);
  const ensure = (userId: number, coins: number, time: Date) => {
    while (spendable(userId) < coins) charge(userId, coins - spendable(userId), new Date(time.getTime() - 120_000));
  };

  type Step = { time: number; order: number; run: () => void };
  const PLAYED: Step = { time: 0, order: 0, run: () => undefined };
  const steps: Step[] = [];
  const step = (time: Date | null, order: number, run: () => void) => {
    if (time) steps.push({ time: time.getTime(), order, run });
  };
  for (const mission of missions) {
    if (mission.product.type === 'EVENT') continue;
    const parties = { missionId: mission.id, userId: mission.userId };
    if (mission.product.type === 'LUCKY') {
      mission.rolls.forEach((roll, index) => {
        step(roll.time, 0, () => {
          ensure(mission.userId, mission.price, roll.time);
          const key = `world:roll:${mission.id}:${index + 1}`;
          const entry = entryOf(
            ledger.run('LuckyRoll', {
              ...parties,
              coins: mission.price,
              outcome: roll.success ? 'WIN' : 'LOSS',
              idempotencyKey: key,
              now: roll.time,
            }),
          );
          // Its row is made when it is written (./rows.ts luckyRollRows): the roll keeps what the mission does not.
          roll.written = { id: ++rollCount, transactionId: entry.transactionId };
        });
      });
    } else {
      step(mission.requestedAt, 0, () => {
        ensure(mission.userId, mission.price, mission.requestedAt);
        entryOf(
          ledger.run('HoldForMission', {
            ...parties,
            coins: mission.price,
            idempotencyKey: `world:hold:${mission.id}`,
            now: mission.requestedAt,
          }),
        );
      });
    }
    step(mission.completedAt, 1, () => {
      const entry = entryOf(
        ledger.run('ReleaseToCreator', {
          missionId: mission.id,
          creatorId: mission.product.creatorId,
          idempotencyKey: `world:release:${mission.id}`,
          now: mission.completedAt!,
        }),
      );
      settlement.released(mission.product.creatorId, entry, mission.id);
    });
    if (mission.rejection && mission.rejectedAt) {
      const rejectedAt = mission.rejectedAt;
      const reason = mission.rejection.reason;
      step(rejectedAt, 1, () => {
        const entry = entryOf(
          ledger.run('RefundMission', {
            missionId: mission.id,
            reason,
            idempotencyKey: `world:refund:${mission.id}`,
            now: rejectedAt,
          }),
        );
        const refunded = -entry.postings.find((posting) => posting.amount < 0)!.amount;
        if (refunded !== refundedCoinsOf(mission)) {
          throw new Error(
            `mission ${mission.id}: refunded ${refunded} coins, its row says ${refundedCoinsOf(mission)}`,
          );
        }
      });
    }
  }
  // A few charges taken back within the week, and a few members leaving with a partial refund of their cash coins.
  for (let fan = 1; fan <= shape.members; fan++) {
    if (random.chance(0.01)) {
      const time = at(since + random.below(shape.days * DAY_MS));
      step(time, 0, () => charge(fanUser(fan), 10 * random.tail(1, 10), time, true));
    }
    if (random.chance(0.05)) {
      const time = at(since + random.below(shape.days * DAY_MS));
      step(time, 0, () =>
        entryOf(
          ledger.run('GrantBonus', {
            userId: fanUser(fan),
            coins: 10,
            reason: 'FREE_COIN_EVENT',
            coinItemId: 8,
            idempotencyKey: `world:bonus:${fan}`,
            now: time,
          }),
        ),
      );
    }
    if (random.chance(0.01)) {
      const time = at(now.getTime() - random.below(60) * DAY_MS);
      step(time, 2, () => {
        const outcome = ledger.run('PartialRefund', {
          userId: fanUser(fan),
          idempotencyKey: `world:partial-refund:${fan}`,
          now: time,
        });
        if ('refusal' in outcome) return;
        const coins = -outcome.entry.postings.find((posting) => posting.amount < 0)!.amount;
        const fee = outcome.entry.metadata.feeCoins as number;
        refunds.push(
          refundRow(refunds.length + 1, fanUser(fan), 'PARTIAL_REFUND', null, outcome.entry, coins, fee, time, now, {
            paidWith: [...(paidWith.get(fanUser(fan)) ?? [])],
          }),
        );
      });
    }
  }
  // Each named fan took one charge back within the week.
  for (let fan = 1; fan <= cast.fans.length; fan++) {
    const time = at(now.getTime() - (20 + fan) * DAY_MS);
    step(time, 0, () => charge(fanUser(fan), 50, time, true));
  }
  for (const win of commentWins) {
    step(win.at, 0, () =>
      entryOf(
        ledger.run('GrantBonus', {
          userId: win.userId,
          coins: win.coins,
          reason: 'COMMENT_EVENT',
          idempotencyKey: `comment-event-win:${win.commentId}`,
          metadata: { commentId: win.commentId, missionId: win.missionId, commentEventId: 1 },
          now: win.at,
        }),
      ),
    );
  }
  // The monthly settlement of the past months, a day after each month's end.
  const settlement = new WorldSettlement(ledger, creators, operatorId, now);
  const months = world.months;
  for (const { year, month } of months) {
    const runAt = new Date(koreaMonthRange(year, month).end.getTime() + DAY_MS);
    step(runAt, 3, () => settlement.settle(year, month, runAt, months));
  }
  steps.sort((a, b) => a.time - b.time || a.order - b.order);
  const coinsStarted = performance.now();
  for (let index = 0; index < steps.length; index++) {
    const { run } = steps[index]!;
    // A step played is let go: what only it held (its closure) is free for the rest of the history.
    steps[index] = PLAYED;
    run();
    await ledger.flushIfFull();
  }
  steps.length = 0;
  const { accounts, lots } = await ledger.finish();
  // A few bank deposits announced in the last hours and not yet confirmed: finance's queue is never empty. They move
  // no coins (a deposit's coins arrive when finance confirms it), so the ledger knows nothing of them. Their fans were
  // told to pay into the demo's account within the default 72 hours (BANK_DEPOSIT_* of docs/configuration.md).
  for (let fan = 1; fan <= 4; fan++) {
    const item = COIN_ITEMS[fan]!;
    const time = at(now.getTime() - fan * 3 * 3_600_000);
    bankTransfers.push({
      id: bankTransfers.length + 1,
      user_id: fanUser(fan),
      coin_item_id: item.id,
      depositor_name: `입금자 ${fanUser(fan)}`,
      depositor_phone: DEPOSITOR_PHONE,
      // The first asks a cash receipt, which finance's confirmation issues.
      cash_receipt_number: fan === 1 ? DEPOSITOR_PHONE : null,
      amount: item.price,
      point: item.point,
      status: 'ready',
      pay_to_bank_name: DEMO_BANK_DEPOSIT_ACCOUNT.bankName,
      pay_to_account_number: DEMO_BANK_DEPOSIT_ACCOUNT.accountNumber,
      pay_to_account_holder: DEMO_BANK_DEPOSIT_ACCOUNT.accountHolder,
      pay_due_at: new Date(time.getTime() + 72 * 3_600_000),
      created_at: time,
      updated_at: time,
    });
  }
  const coinSeconds = (performance.now() - coinsStarted) / 1000;
  return { payments, bankTransfers, cashReceipts, deposits, refunds, settlement, coinSeconds, accounts, lots };
}
