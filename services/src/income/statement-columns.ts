import {
  isBusinessRegistered,
  payoutDueDate,
  type BusinessType,
  settlementAmounts,
  type CreatorGrade,
  type PayoutAccount,
  type SettlementAmounts,
} from '@fanmission/contracts';

// The columns of a settlement statement: its creator, month and payout account, and its amounts, for a month
// carried over (it pays nothing yet) or issued (paid by a payout transaction).

/**
 * The payout account a month is settled for (docs/rules/settlement.md): abroad or not, a foreigner or not, and a
 * business registration only when verified (`verified_business_type`): a declared business without a verified
 * registration is withheld 3.3 % like any individual. The run, the creator's income page and the world generator
 * read it here.
 */
export function payoutAccountOf(creator: {
  payout_overseas: boolean;
  payout_foreigner: boolean;
  verified_business_type: BusinessType;
}): PayoutAccount {
  return {
    overseas: creator.payout_overseas,
    foreigner: creator.payout_foreigner,
    businessRegistered: isBusinessRegistered(creator.verified_business_type),
  };
}

/** A statement's creator, month and payout account columns. */
export function statementBase(input: {
  id: number;
  creator: {
    id: number;
    bank_name: string | null;
    bank_account_holder: string | null;
    bank_account_number: string | null;
  };
  year: number;
  month: number;
  grade: CreatorGrade;
  monthCoins: number;
  account: PayoutAccount;
  now: Date;
}) {
  const { creator, account } = input;
  return {
    id: input.id,
    creator_id: creator.id,
    year: input.year,
    month: input.month,
    grade: input.grade,
    month_coins: input.monthCoins,
    overseas: account.overseas,
    foreigner: account.foreigner,
    bank_name: creator.bank_name,
    bank_account_holder: creator.bank_account_holder,
    bank_account_number: creator.bank_account_number,
    created_at: input.now,
  };
}

const grossColumns = (amounts: SettlementAmounts) => ({
  gross: amounts.gross,
  income: amounts.income,
  pg_fee: amounts.pgFee,
  pg_fee_rate: amounts.pgFeeRate,
  fatkat_fee: amounts.fatkatFee,
  fatkat_fee_rate: amounts.fatkatFeeRate,
});

/** A carried-over month's statement columns besides its creator, month and bank fields: it pays nothing yet. */
export function carriedOverAmounts(monthCoins: number, grade: CreatorGrade, account: PayoutAccount) {
  const amounts = settlementAmounts([{ coins: monthCoins, grade }], account);
  return {
    status: 'CARRIED_OVER' as const,
    carried_coins: 0,
    total_earning_coin: monthCoins,
    ...grossColumns(amounts),
    overseas_fee: 0,
    overseas_fee_rate: 0,
    tax_withheld: 0,
    tax_rate: 0,
    local_tax_withheld: 0,
    local_tax_rate: 0,
    to_receipt: 0,
    due_date: null,
    ledger_transaction_id: null,
  };
}

/** An issued statement's columns besides its creator, month and bank fields, paid by ledger transaction `payoutId`. */
export function issuedAmounts(
  amounts: SettlementAmounts,
  monthCoins: number,
  year: number,
  month: number,
  payoutId: number,
) {
  return {
    status: 'ISSUED' as const,
    carried_coins: amounts.totalEarningCoin - monthCoins,
    total_earning_coin: amounts.totalEarningCoin,
    ...grossColumns(amounts),
    overseas_fee: amounts.overseasFee,
    overseas_fee_rate: amounts.overseasFeeRate,
    tax_withheld: amounts.taxWithheld,
    tax_rate: amounts.taxRate,
    local_tax_withheld: amounts.localTaxWithheld,
    local_tax_rate: amounts.localTaxRate,
    to_receipt: amounts.toReceipt,
    due_date: payoutDueDate(year, month),
    ledger_transaction_id: payoutId,
  };
}
