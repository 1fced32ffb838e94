import {
  cashReceiptDigits,
  DEFAULT_PAY_METHOD,
  isCashReceiptNumber,
  type CashReceiptType,
} from '@fanmission/contracts';
import i18next from 'i18next';
import { z } from 'zod';
import { showAlert } from '../alert/alert';
import { typedNumber } from '../forms/validate';
import { readSession } from '../session/session';
import { navigateTo } from '../navigation/navigation';

/**
 * The pay methods the charge modal offers, in its order: kakaopay first and by default, then card, mobile phone
 * (carrier billing), PayPal and bank.
 */
export const CHARGE_PAY_METHODS = ['kakaopay', 'card', 'phone', 'paypal', 'withoutbankbook'] as const;
export type ChargePayMethod = (typeof CHARGE_PAY_METHODS)[number];

/** Where the checkout sends the browser back: the coin history page finishes the charge there. */
export const CHARGE_RETURN_PATH = '/coin-history';

/** The cash receipt a bank deposit asks for: none, 소득공제 (a phone number) or 지출증빙 (a business number). */
export const CASH_RECEIPT_CHOICES = ['NONE', 'PHONE', 'BUSINESS'] as const;
export type CashReceiptChoice = 'NONE' | CashReceiptType;

export interface ChargeForm {
  coinItemId: number | null;
  payMethod: ChargePayMethod;
  agreed: boolean;
  depositorName: string;
  depositorPhone: string;
  cashReceipt: CashReceiptChoice;
  cashReceiptNumber: string;
}

type ChargeErrors = Partial<
  Record<'coinItemId' | 'agreed' | 'depositorName' | 'depositorPhone' | 'cashReceiptNumber', string>
>;

/**
 * An item and the terms are required; a bank deposit also needs the depositor's name and phone, and the number of
 * the cash receipt it asks for, in that receipt's form (the API's rule, `isCashReceiptNumber`).
 */
export function checkCharge(form: ChargeForm): ChargeErrors {
  const errors: ChargeErrors = {};
  if (form.coinItemId === null) errors.coinItemId = 'coinCharge.selectItem';
  if (!form.agreed) errors.agreed = 'coinCharge.agreeTerms';
  if (form.payMethod === 'withoutbankbook') {
    if (!form.depositorName.trim()) errors.depositorName = 'coinCharge.required';
    if (!form.depositorPhone.trim()) errors.depositorPhone = 'coinCharge.required';
    else if (!typedNumber(form.depositorPhone)) errors.depositorPhone = 'coinCharge.numeric';
    if (form.cashReceipt !== 'NONE') {
      if (!form.cashReceiptNumber.trim()) errors.cashReceiptNumber = 'coinCharge.required';
      else if (!isCashReceiptNumber(form.cashReceipt, cashReceiptDigits(form.cashReceiptNumber.trim()))) {
        errors.cashReceiptNumber = `coinCharge.cashReceipt${form.cashReceipt === 'PHONE' ? 'Phone' : 'Business'}Invalid`;
      }
    }
  }
  return errors;
}

/** A creator is refused before the modal opens; returns whether the modal may open. */
export function mayCharge(): boolean {
  if (readSession().creatorId === null) return true;
  void showAlert(i18next.t('coinCharge.creatorsCannotCharge'));
  navigateTo(`/creator/${readSession().creatorId}`, { replace: true });
  return false;
}

export const EMPTY_CHARGE_FORM: ChargeForm = {
  coinItemId: null,
  payMethod: DEFAULT_PAY_METHOD as ChargePayMethod,
  agreed: false,
  depositorName: '',
  depositorPhone: '',
  cashReceipt: 'NONE',
  cashReceiptNumber: '',
};

/** The charge modal's schema for react-hook-form: `checkCharge`'s rules, with its messages. */
export const chargeFormSchema = z
  .object({
    coinItemId: z.number().nullable(),
    payMethod: z.enum(CHARGE_PAY_METHODS),
    agreed: z.boolean(),
    depositorName: z.string(),
    depositorPhone: z.string(),
    cashReceipt: z.enum(CASH_RECEIPT_CHOICES),
    cashReceiptNumber: z.string(),
  })
  .superRefine((form, context) => {
    for (const [field, message] of Object.entries(checkCharge(form))) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });
