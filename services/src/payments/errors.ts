import type { PaymentErrorCode } from '@fanmission/contracts';
import { AppError, type FieldProblem } from '../http';
import type { MessageKey, MessageParams } from '../i18n';

/** The payment failures, each with its status, message key and machine-readable code. */
const paymentError = (status: number, key: MessageKey, code: PaymentErrorCode, params?: MessageParams) =>
  new AppError(status, key, { code, ...(params && { params }) });

export const merchantCodeMissing = () => paymentError(503, 'payments.merchantCodeMissing', 'MERCHANT_CODE_MISSING');
export const payloadNotCreated = () => paymentError(503, 'payments.payloadNotCreated', 'PAYLOAD_NOT_CREATED');
export const useBankTransfer = () => paymentError(400, 'payments.useBankTransfer', 'USE_BANK_TRANSFER');
export const creatorCannotCharge = () => paymentError(403, 'coins.creatorCannotCharge', 'CREATOR_CANNOT_CHARGE');
export const paymentNotFound = () => paymentError(404, 'payments.notFound', 'PAYMENT_NOT_FOUND');
export const providerUnavailable = () => paymentError(502, 'payments.providerUnavailable', 'PROVIDER_UNAVAILABLE');
export const depositFailed = () => paymentError(500, 'payments.depositFailed', 'DEPOSIT_FAILED');
export const idempotencyConflict = () => paymentError(409, 'payments.idempotencyConflict', 'IDEMPOTENCY_CONFLICT');
export const paymentFailed = (reason: string) => paymentError(400, 'payments.failed', 'PAYMENT_FAILED', { reason });

export const paymentMismatch = (fields?: FieldProblem[]) =>
  new AppError(400, 'payments.mismatch', { code: 'PAYMENT_MISMATCH', ...(fields && { fields }) });

/** Not paid yet: PayPal answers with PAYPAL_NOT_COMPLETED, adding the pending note when PayPal holds it as Pending. */
export function paymentNotCompleted(payMethod: string, pending: boolean): AppError {
  if (payMethod === 'paypal') {
    return paymentError(
      409,
      pending ? 'payments.paypalPending' : 'payments.paypalNotCompleted',
      'PAYPAL_NOT_COMPLETED',
    );
  }
  return paymentError(409, 'payments.notCompleted', 'PAYMENT_NOT_COMPLETED');
}
