import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREATOR_GRADES } from './creators';
import {
  decideSettlement,
  individualWithholding,
  koreaMonthOf,
  koreaMonthRange,
  monthHasEnded,
  monthKey,
  nextMonth,
  payoutDueDate,
  proposeGrades,
  settlementAmounts,
  settlementMinimumCoins,
  type MonthEarning,
  type PayoutAccount,
} from './settlement-rules';

const grade = fc.constantFrom(...CREATOR_GRADES);
const account = fc.record({ overseas: fc.boolean(), foreigner: fc.boolean(), businessRegistered: fc.boolean() });
const coins = fc.integer({ min: 0, max: 5_000_000 });

describe('settlement amounts', () => {
  it('the examples: Silver 60, Gold 70, Diamond 80 won a coin, 10 % payment fee, the rest the platform’s', () => {
    const domestic = { overseas: false, foreigner: false, businessRegistered: true };
    expect(settlementAmounts([{ coins: 1_000, grade: 'SILVER' }], domestic)).toMatchObject({
      totalEarningCoin: 1_000,
      gross: 100_000,
      income: 60_000,
      pgFee: 10_000,
      pgFeeRate: 10,
      fatkatFee: 30_000,
      fatkatFeeRate: 30,
      toReceipt: 60_000,
    });
    expect(settlementAmounts([{ coins: 1_000, grade: 'GOLD' }], domestic)).toMatchObject({ income: 70_000 });
    expect(settlementAmounts([{ coins: 1_000, grade: 'DIAMOND' }], domestic)).toMatchObject({
      income: 80_000,
      fatkatFee: 10_000,
      fatkatFeeRate: 10,
    });
    // Overseas: 5 % more and 10 % tax out of income, each rounded down to the won.
    expect(
      settlementAmounts([{ coins: 1_001, grade: 'GOLD' }], {
        overseas: true,
        foreigner: true,
        businessRegistered: true,
      }),
    ).toMatchObject({
      income: 70_070,
      overseasFee: 3_503,
      taxWithheld: 7_007,
      toReceipt: 59_560,
    });
  });

  it('every statement balances to the won, whatever the coins, grades and account', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ coins, grade }), { maxLength: 12 }), account, (parts, payTo) => {
        const amounts = settlementAmounts(parts, payTo);
        const total = parts.reduce((sum, part) => sum + part.coins, 0);
        expect(amounts.totalEarningCoin).toBe(total);
        expect(amounts.gross).toBe(total * 100);
        expect(amounts.income + amounts.pgFee + amounts.fatkatFee).toBe(amounts.gross);
        expect(amounts.toReceipt + amounts.overseasFee + amounts.taxWithheld + amounts.localTaxWithheld).toBe(
          amounts.income,
        );
        for (const value of [amounts.income, amounts.pgFee, amounts.fatkatFee, amounts.toReceipt]) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
        if (!payTo.overseas && payTo.businessRegistered) expect(amounts.toReceipt).toBe(amounts.income);
        if (payTo.overseas || payTo.businessRegistered) expect(amounts.localTaxWithheld).toBe(0);
        if (!payTo.overseas && !payTo.businessRegistered) {
          // 3 % and 0.3 % cut down to 10 won: never more than 3.3 %, and at most 20 won less when withheld at all.
          const { taxWithheld, localTaxWithheld } = amounts;
          expect(taxWithheld % 10 === 0 && localTaxWithheld % 10 === 0).toBe(true);
          expect(taxWithheld * 100).toBeLessThanOrEqual(amounts.income * 3);
          if (taxWithheld > 0) expect(taxWithheld).toBeGreaterThanOrEqual(1_000);
          expect(localTaxWithheld).toBe(Math.floor(taxWithheld / 100) * 10);
        }
        // The platform keeps at least the 15 % service share... of Silver; Diamond's 80 leaves 10 %.
        expect(amounts.fatkatFee).toBeGreaterThanOrEqual(total * 10);
      }),
      { seed: 18, numRuns: 2_000 },
    );
  });

  it('a domestic individual: 3 % income tax and 0.3 % local income tax, each cut down to 10 won', () => {
    const individual = { overseas: false, foreigner: false, businessRegistered: false };
    // 1,000 coins at Silver: income 60,000; 3 % = 1,800; local 10 % of it = 180.
    expect(settlementAmounts([{ coins: 1_000, grade: 'SILVER' }], individual)).toMatchObject({
      income: 60_000,
      taxWithheld: 1_800,
      taxRate: 3,
      localTaxWithheld: 180,
      localTaxRate: 0.3,
      overseasFee: 0,
      toReceipt: 58_020,
    });
    // 1,001 coins at Gold: income 70,070; 3 % = 2,102.1 → 2,100; local 210.
    expect(settlementAmounts([{ coins: 1_001, grade: 'GOLD' }], individual)).toMatchObject({
      taxWithheld: 2_100,
      localTaxWithheld: 210,
      toReceipt: 67_760,
    });
    // Local tax from the truncated income tax: 123,456 → 3,703.68 → 3,700; 370 (not 3,703.68 × 10 % = 370.37 → 370).
    expect(individualWithholding(123_456)).toEqual({ incomeTax: 3_700, localTax: 370 });
    // 1,016,000 → 30,480 and 3,048 → 3,040.
    expect(individualWithholding(1_016_000)).toEqual({ incomeTax: 30_480, localTax: 3_040 });
  });

  it('소액부징수: nothing withheld when the income tax comes to less than 1,000 won', () => {
    // 33,333 × 3 % = 999.99 → 990: none.
    expect(individualWithholding(33_333)).toEqual({ incomeTax: 0, localTax: 0 });
    // 999 won exactly: none.
    expect(individualWithholding(33_300)).toEqual({ incomeTax: 0, localTax: 0 });
    // 1,000 won exactly: withheld, local 100.
    expect(individualWithholding(33_334)).toEqual({ incomeTax: 1_000, localTax: 100 });
    expect(individualWithholding(33_340)).toEqual({ incomeTax: 1_000, localTax: 100 });
    expect(individualWithholding(0)).toEqual({ incomeTax: 0, localTax: 0 });
    // A statement of 555 coins at Silver (income 33,300) pays all of it.
    expect(
      settlementAmounts([{ coins: 555, grade: 'SILVER' }], {
        overseas: false,
        foreigner: false,
        businessRegistered: false,
      }),
    ).toMatchObject({ income: 33_300, taxWithheld: 0, taxRate: 3, localTaxWithheld: 0, toReceipt: 33_300 });
  });

  it('business-registered and overseas accounts keep their own rules', () => {
    const parts = [{ coins: 1_000, grade: 'SILVER' as const }];
    expect(settlementAmounts(parts, { overseas: false, foreigner: false, businessRegistered: true })).toMatchObject({
      taxWithheld: 0,
      taxRate: 0,
      localTaxWithheld: 0,
      localTaxRate: 0,
      toReceipt: 60_000,
    });
    // Overseas: 10 % and no local income tax, registered or not.
    for (const businessRegistered of [false, true]) {
      expect(settlementAmounts(parts, { overseas: true, foreigner: false, businessRegistered })).toMatchObject({
        overseasFee: 3_000,
        taxWithheld: 6_000,
        taxRate: 10,
        localTaxWithheld: 0,
        localTaxRate: 0,
        toReceipt: 51_000,
      });
    }
  });

  it('refuses coins that are not whole and positive', () => {
    expect(() =>
      settlementAmounts([{ coins: 1.5, grade: 'SILVER' }], {
        overseas: false,
        foreigner: false,
        businessRegistered: true,
      }),
    ).toThrow(RangeError);
    expect(() =>
      settlementAmounts([{ coins: -1, grade: 'SILVER' }], {
        overseas: false,
        foreigner: false,
        businessRegistered: true,
      }),
    ).toThrow(RangeError);
  });
});

describe('carry-overs', () => {
  it('500 coins at least, 1,000 for foreigners paid to overseas accounts', () => {
    expect(settlementMinimumCoins({ overseas: false, foreigner: false, businessRegistered: true })).toBe(500);
    expect(settlementMinimumCoins({ overseas: false, foreigner: true, businessRegistered: true })).toBe(500);
    expect(settlementMinimumCoins({ overseas: true, foreigner: false, businessRegistered: true })).toBe(500);
    expect(settlementMinimumCoins({ overseas: true, foreigner: true, businessRegistered: true })).toBe(1_000);
    const pending = (value: number): MonthEarning[] => [{ month: '2026-01', coins: value, grade: 'SILVER' }];
    expect(decideSettlement(pending(499), { overseas: false, foreigner: false, businessRegistered: true }).kind).toBe(
      'CARRY_OVER',
    );
    expect(decideSettlement(pending(500), { overseas: false, foreigner: false, businessRegistered: true }).kind).toBe(
      'PAY',
    );
    expect(decideSettlement(pending(999), { overseas: true, foreigner: true, businessRegistered: true }).kind).toBe(
      'CARRY_OVER',
    );
  });

  it('over any run of months, the paid statements and what is still carried hold every coin exactly once', () => {
    const months = fc.array(fc.record({ coins: fc.integer({ min: 0, max: 1_500 }), grade }), { maxLength: 36 });
    fc.assert(
      fc.property(months, account, (earned, payTo: PayoutAccount) => {
        let pending: MonthEarning[] = [];
        let paidCoins = 0;
        let paidIncome = 0;
        const paidMonths: string[] = [];
        let month = { year: 2024, month: 1 };
        for (const earning of earned) {
          if (earning.coins > 0) pending.push({ month: monthKey(month.year, month.month), ...earning });
          const decision = decideSettlement(pending, payTo);
          if (decision.kind === 'PAY') {
            expect(decision.amounts.totalEarningCoin).toBeGreaterThanOrEqual(settlementMinimumCoins(payTo));
            paidCoins += decision.amounts.totalEarningCoin;
            paidIncome += decision.amounts.income;
            paidMonths.push(...decision.paidMonths.map((paid) => paid.month));
            pending = [];
          } else {
            expect(decision.carriedCoins).toBeLessThan(settlementMinimumCoins(payTo));
          }
          month = nextMonth(month.year, month.month);
        }
        const earnedCoins = earned.reduce((sum, earning) => sum + earning.coins, 0);
        const carried = pending.reduce((sum, earning) => sum + earning.coins, 0);
        expect(paidCoins + carried).toBe(earnedCoins);
        // No month is paid twice, and each is valued at its own grade.
        expect(new Set(paidMonths).size).toBe(paidMonths.length);
        expect(paidIncome + settlementAmounts(pending, payTo).income).toBe(settlementAmounts(earned, payTo).income);
      }),
      { seed: 1018, numRuns: 1_000 },
    );
  });
});

describe('grades', () => {
  it('Gold from 10 on-time missions, Diamond the top 10 % of those, Silver under a grade-dropping penalty', () => {
    const creators = Array.from({ length: 20 }, (_, index) => ({
      creatorId: index + 1,
      onTimeCompleted: index,
      gradeDropped: false,
    }));
    const grades = proposeGrades(creators);
    expect(grades.get(20)).toBe('DIAMOND');
    expect(grades.get(19)).toBe('DIAMOND');
    expect(grades.get(18)).toBe('GOLD');
    expect(grades.get(11)).toBe('GOLD');
    expect(grades.get(10)).toBe('SILVER');
    expect(proposeGrades([{ creatorId: 1, onTimeCompleted: 50, gradeDropped: true }]).get(1)).toBe('SILVER');
    // The top 10 % below Gold's bar stay Silver.
    expect(proposeGrades([{ creatorId: 1, onTimeCompleted: 9, gradeDropped: false }]).get(1)).toBe('SILVER');
  });

  it('Diamonds are never more than the top 10 % places and always reach Gold’s bar', () => {
    const reviewed = fc.uniqueArray(
      fc.record({
        creatorId: fc.integer({ min: 1, max: 10_000 }),
        onTimeCompleted: fc.nat(40),
        gradeDropped: fc.boolean(),
      }),
      { selector: (creator) => creator.creatorId, maxLength: 80 },
    );
    fc.assert(
      fc.property(reviewed, (creators) => {
        const grades = proposeGrades(creators);
        const counts = creators.map((creator) => creator.onTimeCompleted).sort((a, b) => b - a);
        for (const creator of creators) {
          const given = grades.get(creator.creatorId);
          if (creator.gradeDropped || creator.onTimeCompleted < 10) expect(given).toBe('SILVER');
          else expect(given).not.toBe('SILVER');
          if (given === 'DIAMOND') {
            expect(counts.indexOf(creator.onTimeCompleted)).toBeLessThan(Math.ceil(creators.length / 10));
          }
        }
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('the Korea-time calendar', () => {
  it('a month runs from its 1st 00:00 in Korea (15:00 UTC the day before)', () => {
    expect(koreaMonthRange(2026, 1)).toEqual({
      start: new Date('2025-12-31T15:00:00Z'),
      end: new Date('2026-01-31T15:00:00Z'),
    });
    expect(koreaMonthOf(new Date('2026-01-31T14:59:59Z'))).toEqual({ year: 2026, month: 1 });
    expect(koreaMonthOf(new Date('2026-01-31T15:00:00Z'))).toEqual({ year: 2026, month: 2 });
    expect(monthHasEnded(2026, 1, new Date('2026-01-31T14:59:59Z'))).toBe(false);
    expect(monthHasEnded(2026, 1, new Date('2026-01-31T15:00:00Z'))).toBe(true);
  });

  it('payable by the 10th of the next month, the next business day after a weekend or holiday', () => {
    expect(payoutDueDate(2026, 1)).toBe('2026-02-10'); // a Tuesday
    expect(payoutDueDate(2025, 4)).toBe('2025-05-12'); // the 10th is a Saturday
    expect(payoutDueDate(2026, 9)).toBe('2026-10-12'); // Saturday the 10th, then Sunday
    expect(payoutDueDate(2026, 12)).toBe('2027-01-11'); // Sunday the 10th
    // Seollal 2024: Saturday the 10th, Sunday the 11th, the substitute holiday on Monday the 12th.
    expect(payoutDueDate(2024, 1)).toBe('2024-02-13');
  });
});
