import {
  DAY_MS,
  decideSettlement,
  koreaMonthRange,
  monthKey,
  type CreatorGrade,
  type MonthEarning,
} from '@fanmission/contracts';
import type { BulkLedger } from '@fanmission/ledger';
import { type LedgerEntry } from '@fanmission/ledger';
import { carriedOverAmounts, issuedAmounts, statementBase } from '../income';
import { entryOf, type Row } from './shape';
/**
 * The monthly settlement as the product's run (services/src/income/settlement.ts) decides it, for a world whose
 * releases are known in memory: per creator, the month's releases not on a statement yet and the earlier months
 * carried over, paid by one statement (and one SETTLEMENT_PAYOUT) at or above the minimum, else carried over. The
 * statements are as an operator leaves them: last month's issued (the creator confirms it), the month before's
 * approved (its transfer due), every earlier one paid.
 */
export class WorldSettlement {
  readonly statements: Row[] = [];
  readonly lines: Row[] = [];
  readonly carryovers: Row[] = [];
  readonly runs: Row[] = [];
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
      const account = { overseas: false, foreigner: false };
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
        this.statements.push({ ...base, ...carriedOverAmounts(monthCoins, grade, account) });
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
        this.statements.push({
          ...base,
          ...issuedAmounts(amounts, monthCoins, year, month, payout.transactionId),
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
}
