import {
  DAY_MS,
  decideSettlement,
  koreaMonthRange,
  monthKey,
  type BusinessType,
  type CreatorGrade,
  type MonthEarning,
} from '@fanmission/contracts';
import type { BulkLedger } from '@fanmission/ledger';
import { type LedgerEntry } from '@fanmission/ledger';
import { carriedOverAmounts, issuedAmounts, payoutAccountOf, statementBase } from '../income';
import { entryOf, type Row } from './shape';
/**
 * The monthly settlement as the product's run (services/src/income/settlement.ts) decides it, for a world whose
 * releases are known in memory: per creator, the month's releases not on a statement yet and the earlier months
 * carried over, paid by one statement (and one SETTLEMENT_PAYOUT) at or above the minimum, else carried over. The
 * statements are as an operator leaves them: last month's issued (the creator confirms it), the month before's
 * approved (its transfer due), every earlier one paid. The first of last month's payouts, and every
 * HELD_PAYOUT_EVERY-th after it, went to an account its creator set the day before the run: held until finance
 * releases it, as the run holds a payout to a destination changed in the 72 hours before it.
 */
const HELD_PAYOUT_EVERY = 25;

export class WorldSettlement {
  readonly statements: Row[] = [];
  readonly lines: Row[] = [];
  readonly carryovers: Row[] = [];
  readonly runs: Row[] = [];
  /** The payout account changes that held a payout (payout_account_changes rows, written before the statements). */
  readonly accountChanges: Row[] = [];
  private readonly unsettled = new Map<
    number,
    { transactionId: number; missionId: number; coins: number; at: Date }[]
  >();
  private readonly carried = new Map<number, (MonthEarning & { statementId: number })[]>();

  constructor(
    private readonly ledger: BulkLedger,
    private readonly creators: Row[],
    private readonly operatorId: number,
    private readonly now: Date,
  ) {}

  released(creatorId: number, entry: LedgerEntry, missionId: number): void {
    const coins = entry.postings.find((posting) => posting.account === `earnings:${creatorId}`)!.amount;
    const list = this.unsettled.get(creatorId) ?? [];
    list.push({ transactionId: entry.transactionId, missionId, coins, at: entry.occurredAt });
    this.unsettled.set(creatorId, list);
  }

  /** Settles one of `months` (the settled months, oldest first). */
  settle(year: number, month: number, runAt: Date, months: readonly { year: number; month: number }[]): void {
    const { end } = koreaMonthRange(year, month);
    const key = monthKey(year, month);
    const age = months.length - 1 - months.findIndex((settled) => settled.year === year && settled.month === month);
    const approved = age >= 1;
    const paid = age >= 2;
    let issued = 0;
    let carriedOver = 0;
    for (const creator of this.creators) {
      const creatorId = creator.id as number;
      const releases = this.unsettled.get(creatorId) ?? [];
      const lines = releases.filter((release) => release.at < end);
      this.unsettled.set(
        creatorId,
        releases.filter((release) => release.at >= end),
      );
      const carried = this.carried.get(creatorId) ?? [];
      const monthCoins = lines.reduce((sum, line) => sum + line.coins, 0);
      if (monthCoins === 0 && carried.length === 0) continue;
      const grade = creator.grade as CreatorGrade;
      // The run's own rule: the verified registration, never the declared business type.
      const account = payoutAccountOf({
        payout_overseas: creator.payout_overseas as boolean,
        payout_foreigner: creator.payout_foreigner as boolean,
        verified_business_type: creator.verified_business_type as BusinessType,
      });
      const pending: MonthEarning[] = [
        ...carried.map(({ month: carriedMonth, coins, grade: carriedGrade }) => ({
          month: carriedMonth,
          coins,
          grade: carriedGrade,
        })),
        ...(monthCoins > 0 ? [{ month: key, coins: monthCoins, grade }] : []),
      ];
      const decision = decideSettlement(pending, account);
      const statementId = this.statements.length + 1;
      const base = statementBase({
        id: statementId,
        creator: {
          id: creatorId,
          bank_name: creator.bank_name as string,
          bank_account_holder: creator.bank_account_holder as string,
          bank_account_number: creator.bank_account_number as string,
        },
        year,
        month,
        grade,
        monthCoins,
        account,
        now: runAt,
      });
      if (decision.kind === 'CARRY_OVER') {
        this.statements.push({
          ...base,
          ...carriedOverAmounts(monthCoins, grade, account),
          payout_held: false,
          hold_account_change_id: null,
        });
        carried.push({ month: key, coins: monthCoins, grade, statementId });
        this.carried.set(creatorId, carried);
        carriedOver += 1;
      } else {
        const { amounts } = decision;
        const payout = entryOf(
          this.ledger.run('SettlementPayout', {
            creatorId,
            coins: amounts.totalEarningCoin,
            statementId: String(statementId),
            metadata: { year, month },
            idempotencyKey: `settlement:${key}:creator:${creatorId}`,
            now: runAt,
          }),
        );
        const before = (days: number) =>
          new Date(Math.min(runAt.getTime() + days * DAY_MS, this.now.getTime() - 60_000));
        const paidAt = before(10);
        const held = age === 0 && issued % HELD_PAYOUT_EVERY === 0 ? this.changeAccountBefore(creator, runAt) : null;
        this.statements.push({
          ...base,
          ...issuedAmounts(amounts, monthCoins, year, month, payout.transactionId),
          payout_held: held !== null,
          hold_account_change_id: held,
          ...(approved && { status: 'APPROVED', approved_at: before(3), approved_by_user_id: this.operatorId }),
          ...(paid && {
            status: 'PAID',
            paid_at: paidAt,
            paid_by_user_id: this.operatorId,
            transfer_reference: `WORLD-${statementId}`,
            transfer_date: paidAt.toISOString().slice(0, 10),
          }),
        });
        for (const earlier of carried) {
          this.carryovers.push({ carried_statement_id: earlier.statementId, paid_by_statement_id: statementId });
        }
        this.carried.delete(creatorId);
        issued += 1;
      }
      for (const line of lines) {
        this.lines.push({
          ledger_transaction_id: line.transactionId,
          statement_id: statementId,
          mission_id: line.missionId,
          coins: line.coins,
          released_at: line.at,
        });
      }
    }
    this.runs.push({
      id: this.runs.length + 1,
      year,
      month,
      trigger: 'SCHEDULE',
      issued,
      carried_over: carriedOver,
      unchanged: 0,
      grade_proposals: 0,
      created_at: runAt,
    });
  }

  /**
   * The creator's own change, the day before `runAt`, from an earlier account to the one he has now (the account a
   * statement copies); returns the change's id.
   */
  private changeAccountBefore(creator: Row, runAt: Date): number {
    const id = this.accountChanges.length + 1;
    const number = creator.bank_account_number as string;
    this.accountChanges.push({
      id,
      creator_id: creator.id,
      actor_id: creator.user_id,
      actor_roles: ['ROLE_USER', 'ROLE_CREATOR'],
      reason: null,
      from_bank_name: creator.bank_name,
      from_bank_account_holder: creator.bank_account_holder,
      from_bank_account_number: `${number.slice(0, -4)}${String((Number(number.slice(-4)) + 1) % 10_000).padStart(4, '0')}`,
      from_payout_overseas: false,
      from_payout_foreigner: false,
      to_bank_name: creator.bank_name,
      to_bank_account_holder: creator.bank_account_holder,
      to_bank_account_number: number,
      to_payout_overseas: false,
      to_payout_foreigner: false,
      destination_changed: true,
      request_ip: null,
      request_id: `world-account-change-${id}`,
      changed_at: new Date(runAt.getTime() - DAY_MS),
    });
    return id;
  }
}
