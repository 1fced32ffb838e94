// The public surface of `payments`: payment orders, providers, bank transfers and crediting paid orders. Other modules
// import only this file.
export { bankTransferAdminRoutes, paymentReversalAdminRoutes } from './admin-routes';
export { bankDepositConfirmApproval, decideBankTransferOrRequestApproval } from './bank-deposit-approvals';
export { BANK_DEPOSIT_MAIL_CONSUMER, createBankDepositMailConsumer } from './bank-transfer-mail-consumer';
export { getPaymentForConsole, listPaymentsForConsole } from './console';
export { coinDepositRoutes } from './deposit-routes';
export { paymentRoutes } from './routes';
export { purchaseAtSandbox } from './sandbox-purchase';
export { sandboxCheckoutRoutes } from './sandbox-routes';
export { decideBankTransfer, requestBankTransfer } from './bank-transfers';
export {
  SANDBOX_CASH_RECEIPT_TIMEOUT_SUFFIX,
  issueDueCashReceipts,
  sandboxCashReceipts,
  startCashReceiptIssuance,
  type CashReceiptProvider,
} from './cash-receipts';
export { type PaymentsTables } from './table';
export {
  findPayment as findPaymentOrder,
  findPaidBankTransfers,
  findPayments as findPaymentOrders,
  lockPayment as lockPaymentOrder,
} from './repository';
export { startPaymentSweeper, sweepUnsettledPayments } from './sweeper';
export { paymentWebhookRoutes } from './webhooks';
export { listReversalShortfalls, reconcileProviderRefunds, sweepProviderRefunds } from './reversals';
export {
  amountForCoins,
  appRefundPending,
  chargeRefundAmount,
  forgetAppRefund,
  recordAppRefund,
  refundAppRefundAtProvider,
} from './app-refunds';
export { paymentProvidersFor } from './providers/registry';
export { SANDBOX_CHARGEBACK } from './providers/sandbox';
