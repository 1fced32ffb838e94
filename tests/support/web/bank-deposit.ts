import type { BankDepositInstructions } from '@fanmission/contracts';

/** What the server tells a fan to pay for a 1,000-coin bank deposit asked 2026-11-27 10:30 KST (the demo's account). */
export const BANK_DEPOSIT_INSTRUCTIONS: BankDepositInstructions = {
  bankName: 'KB국민은행',
  accountNumber: '000000-00-000000',
  accountHolder: '(주)팬미션',
  amount: 100_000,
  dueAt: '2026-11-30T01:30:00.000Z',
};
