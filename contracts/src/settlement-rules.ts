import { PAYOUT_WON_PER_COIN, type BusinessType, type CreatorGrade } from './creators';
import { SETTLEMENT, WON_PER_COIN } from './limits';

/*
 * The money rules of the monthly settlement, pure and shared by the server
 * (statements, income API) and the web app (this month's totals). Every amount is in whole won and every fraction is
 * rounded down; each statement balances to the won:
 *   gross = income + pgFee + fatkatFee          (gross = coins × 100 won)
 *   income = toReceipt + overseasFee + taxWithheld + localTaxWithheld
 * Withholding (docs/rules/settlement.md): an overseas account has 10 % withheld; a domestic creator without a business
 * registration has the 3 % income tax on business income (소득세법 사업소득 원천징수) and the 0.3 % local income tax
 * (지방소득세 특별징수) withheld; a business-registered creator (개인·법인사업자) has nothing withheld.
 */

/** Percentages, as reported on a statement (`pgFeeRate`, …). */
const percentOf = (amount: number, percent: number) => Math.floor((amount * percent) / 100);

export const SETTLEMENT_RATES = {
  pgFeePercent: Math.round(SETTLEMENT.paymentFeeRate * 100),
  overseasFeePercent: Math.round(SETTLEMENT.overseasExtraFeeRate * 100),
  /** Overseas payment settlement deducts 10 % tax. */
  overseasTaxPercent: 10,
  /** 소득세법 사업소득 원천징수: 3 % of a domestic individual's income. */
  individualIncomeTaxPercent: 3,
  /** 지방소득세 특별징수: 10 % of the income tax withheld, i.e. 0.3 % of income. */
  localIncomeTaxPercentOfIncomeTax: 10,
  localIncomeTaxPercent: 0.3,
} as const;

/**
 * The withholding of a domestic individual: each tax cut down to 10 won (원 단위 절사), and nothing withheld when the
 * income tax comes to less than 1,000 won (소액부징수, 소득세법 제86조).
 */
export const WITHHOLDING_RULES = { truncateToWon: 10, minimumIncomeTax: 1_000 } as const;

/** Gold needs this many missions completed on time in the month; Diamond is the top 10 % (and Gold's bar too). */
export const GRADE_RULES = { goldOnTimeCompleted: 10, diamondTopPercent: 10 } as const;

export const SETTLEMENT_TIME_ZONE = 'Asia/Seoul';

/**
 * Where the creator is paid: an overseas bank account costs 5 % more and 10 % tax; foreigners there need 1,000. A
 * domestic one has 3.3 % withheld unless the creator is business-registered (his business type is not NONE).
 */
export interface PayoutAccount {
  overseas: boolean;
  foreigner: boolean;
  businessRegistered: boolean;
}

/**
 * Whether a creator is business-registered, from his profile's business type: a 개인사업자 or 법인사업자 (with its
 * 사업자등록번호) is; NONE, or no answer yet, is an individual whose income tax is withheld.
 */
export function isBusinessRegistered(businessType: BusinessType | null): boolean {
  return businessType === 'PRIVATE' || businessType === 'CORPORATION';
}

/** Coins earned in one month, valued at the grade the creator had in that month. */
export interface EarningPart {
  coins: number;
  grade: CreatorGrade;
}

export interface SettlementAmounts {
  totalEarningCoin: number;
  gross: number;
  income: number;
  pgFee: number;
  pgFeeRate: number;
  fatkatFee: number;
  fatkatFeeRate: number;
  overseasFee: number;
  overseasFeeRate: number;
  /** The overseas 10 % or a domestic individual's 3 % income tax. */
  taxWithheld: number;
  taxRate: number;
  /** A domestic individual's local income tax: 10 % of taxWithheld (0.3 % of income). */
  localTaxWithheld: number;
  localTaxRate: number;
  toReceipt: number;
}

/** Whose income tax is withheld at 3 % (+ 0.3 % local): a domestic account of a creator without a business registration. */
export function withholdsIndividualTax(account: PayoutAccount): boolean {
  return !account.overseas && !account.businessRegistered;
}

const truncateToTens = (won: number) =>
  Math.floor(won / WITHHOLDING_RULES.truncateToWon) * WITHHOLDING_RULES.truncateToWon;

/**
 * A domestic individual's withholding on `income` won: the income tax is 3 % cut down to 10 won, none at all below
 * 1,000 won (소액부징수); the local income tax is 10 % of that income tax, cut down to 10 won.
 */
export function individualWithholding(income: number): { incomeTax: number; localTax: number } {
  const incomeTax = truncateToTens(Math.floor((income * SETTLEMENT_RATES.individualIncomeTaxPercent) / 100));
  if (incomeTax < WITHHOLDING_RULES.minimumIncomeTax) return { incomeTax: 0, localTax: 0 };
  const localTax = truncateToTens(Math.floor((incomeTax * SETTLEMENT_RATES.localIncomeTaxPercentOfIncomeTax) / 100));
  return { incomeTax, localTax };
}

/** The taxes a statement withholds from `income`, and their rates in percent, by the account's rule. */
function withholding(income: number, account: PayoutAccount) {
  if (account.overseas) {
    return {
      taxWithheld: percentOf(income, SETTLEMENT_RATES.overseasTaxPercent),
      taxRate: SETTLEMENT_RATES.overseasTaxPercent,
      localTaxWithheld: 0,
      localTaxRate: 0,
    };
  }
  if (!withholdsIndividualTax(account)) return { taxWithheld: 0, taxRate: 0, localTaxWithheld: 0, localTaxRate: 0 };
  const { incomeTax, localTax } = individualWithholding(income);
  return {
    taxWithheld: incomeTax,
    taxRate: SETTLEMENT_RATES.individualIncomeTaxPercent,
    localTaxWithheld: localTax,
    localTaxRate: SETTLEMENT_RATES.localIncomeTaxPercent,
  };
}

function requireCoins(coins: number) {
  if (!Number.isSafeInteger(coins) || coins < 0) throw new RangeError(`not a whole number of coins: ${coins}`);
}

/** The smallest number of coins a statement pays out; less carries over to the next month. */
export function settlementMinimumCoins(account: PayoutAccount): number {
  return account.overseas && account.foreigner ? SETTLEMENT.minimumCoinsOverseas : SETTLEMENT.minimumCoins;
}

/** The won a creator gets per coin in a month of the given grade (before overseas deductions). */
export function payoutWonPerCoin(grade: CreatorGrade): number {
  return PAYOUT_WON_PER_COIN[grade];
}

/**
 * The amounts of a statement paying `parts` (this month's coins and any carried from earlier months, each at its own
 * month's grade) to `account`. fatkatFee is what is left of gross after income and the payment fee: the 15 % service
 * share and the rest of the platform's part. `fatkatFeeRate` is its share of gross in percent (2 decimals).
 */
export function settlementAmounts(parts: readonly EarningPart[], account: PayoutAccount): SettlementAmounts {
  let coins = 0;
  let income = 0;
  for (const part of parts) {
    // A month may be negative: a lucky compensation bonus taken from the creator's earnings that month
    // beyond what he earned in it; the statement as a whole never is.
    if (!Number.isSafeInteger(part.coins)) throw new RangeError(`not a whole number of coins: ${part.coins}`);
    coins += part.coins;
    income += part.coins * payoutWonPerCoin(part.grade);
  }
  requireCoins(coins);
  const gross = coins * WON_PER_COIN;
  const pgFee = percentOf(gross, SETTLEMENT_RATES.pgFeePercent);
  const fatkatFee = gross - income - pgFee;
  const overseasFee = account.overseas ? percentOf(income, SETTLEMENT_RATES.overseasFeePercent) : 0;
  const taxes = withholding(income, account);
  return {
    totalEarningCoin: coins,
    gross,
    income,
    pgFee,
    pgFeeRate: SETTLEMENT_RATES.pgFeePercent,
    fatkatFee,
    fatkatFeeRate: gross === 0 ? 0 : Math.round((fatkatFee * 10_000) / gross) / 100,
    overseasFee,
    overseasFeeRate: account.overseas ? SETTLEMENT_RATES.overseasFeePercent : 0,
    ...taxes,
    toReceipt: income - overseasFee - taxes.taxWithheld - taxes.localTaxWithheld,
  };
}

export interface MonthEarning extends EarningPart {
  /** 'YYYY-MM' */
  month: string;
}

export type SettlementDecision =
  | { kind: 'PAY'; amounts: SettlementAmounts; paidMonths: MonthEarning[] }
  | { kind: 'CARRY_OVER'; carriedCoins: number; months: MonthEarning[] };

/**
 * What the run does for one creator at a month's end: `pending` are the months not yet paid (earlier carry-overs,
 * oldest first, and this month). At or above the minimum, one statement pays them all; below it, they all carry on.
 */
export function decideSettlement(pending: readonly MonthEarning[], account: PayoutAccount): SettlementDecision {
  const coins = pending.reduce((sum, month) => sum + month.coins, 0);
  if (coins < settlementMinimumCoins(account)) {
    return { kind: 'CARRY_OVER', carriedCoins: coins, months: [...pending] };
  }
  return { kind: 'PAY', amounts: settlementAmounts(pending, account), paidMonths: [...pending] };
}

export interface GradeReviewInput {
  creatorId: number;
  onTimeCompleted: number;
  /** A penalty that lowered the grade and has not been lifted: the grade stays SILVER until it is. */
  gradeDropped: boolean;
}

/**
 * The monthly grade review: Gold for at least 10 missions completed on time in the month; Diamond for the top 10 %
 * of the reviewed creators by that count (ranked with ties sharing a place, the top ⌈n/10⌉ places) who also reach
 * Gold's bar; otherwise Silver. A creator under an unlifted grade-dropping penalty is Silver.
 */
export function proposeGrades(creators: readonly GradeReviewInput[]): Map<number, CreatorGrade> {
  const counts = creators.map((creator) => creator.onTimeCompleted).sort((a, b) => b - a);
  const diamondPlaces = Math.ceil((creators.length * GRADE_RULES.diamondTopPercent) / 100);
  const grades = new Map<number, CreatorGrade>();
  for (const creator of creators) {
    const place = counts.indexOf(creator.onTimeCompleted) + 1;
    let grade: CreatorGrade = 'SILVER';
    if (!creator.gradeDropped && creator.onTimeCompleted >= GRADE_RULES.goldOnTimeCompleted) {
      grade = place <= diamondPlaces ? 'DIAMOND' : 'GOLD';
    }
    grades.set(creator.creatorId, grade);
  }
  return grades;
}

// --- Calendar (Korea time) ---

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 'YYYY-MM' */
export function monthKey(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function nextMonth(year: number, month: number): { year: number; month: number } {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

export function previousMonth(year: number, month: number): { year: number; month: number } {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The instants the Korea-time month starts and ends (exclusive). */
export function koreaMonthRange(year: number, month: number): { start: Date; end: Date } {
  const following = nextMonth(year, month);
  return {
    start: new Date(Date.UTC(year, month - 1, 1) - KOREA_OFFSET_MS),
    end: new Date(Date.UTC(following.year, following.month - 1, 1) - KOREA_OFFSET_MS),
  };
}

/** The Korea-time year and month of an instant. */
export function koreaMonthOf(instant: Date): { year: number; month: number } {
  const korea = new Date(instant.getTime() + KOREA_OFFSET_MS);
  return { year: korea.getUTCFullYear(), month: korea.getUTCMonth() + 1 };
}

/** Whether the Korea-time month is over at `now` (only then may it be settled). */
export function monthHasEnded(year: number, month: number, now: Date): boolean {
  return now.getTime() >= koreaMonthRange(year, month).end.getTime();
}

/** Public holidays on fixed solar dates ('MM-DD'). */
export const KOREAN_FIXED_HOLIDAYS = ['01-01', '03-01', '05-05', '06-06', '08-15', '10-03', '10-09', '12-25'] as const;

/**
 * The holidays that move every year ('YYYY-MM-DD'): Seollal and Chuseok (three days each), Buddha's birthday, the
 * substitute holidays and the election days, as the government gazettes them. Years after the last one listed fall
 * back to the fixed dates only (finance can still pay earlier); extend the list when a year's calendar is published.
 */
// prettier-ignore
export const KOREAN_MOVING_HOLIDAYS: readonly string[] = [
  // 2024
  '2024-02-09', '2024-02-10', '2024-02-11', '2024-02-12', '2024-04-10', '2024-05-06', '2024-05-15', '2024-09-16',
  '2024-09-17', '2024-09-18', '2024-10-01',
  // 2025
  '2025-01-27', '2025-01-28', '2025-01-29', '2025-01-30', '2025-03-03', '2025-05-06', '2025-06-03', '2025-10-05',
  '2025-10-06', '2025-10-07', '2025-10-08',
  // 2026
  '2026-02-16', '2026-02-17', '2026-02-18', '2026-03-02', '2026-05-24', '2026-05-25', '2026-06-03', '2026-08-17',
  '2026-09-24', '2026-09-25', '2026-09-26', '2026-10-05',
  // 2027
  '2027-02-06', '2027-02-07', '2027-02-08', '2027-02-09', '2027-05-13', '2027-09-14', '2027-09-15', '2027-09-16',
  '2027-10-04', '2027-10-11', '2027-12-27',
];

/** A statement of month M is payable by the 10th of M+1, or the next business day after a weekend or holiday. */
export function payoutDueDate(year: number, month: number): string {
  const following = nextMonth(year, month);
  const day = new Date(Date.UTC(following.year, following.month - 1, SETTLEMENT.payableByDayOfNextMonth));
  const isHoliday = (date: Date) =>
    date.getUTCDay() === 0 ||
    date.getUTCDay() === 6 ||
    (KOREAN_FIXED_HOLIDAYS as readonly string[]).includes(date.toISOString().slice(5, 10)) ||
    KOREAN_MOVING_HOLIDAYS.includes(date.toISOString().slice(0, 10));
  while (isHoliday(day)) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
