// The public surface of `coin-history`: the coin history and refund routes. Other modules import only this file.
export { coinRefundAdminRoutes } from './admin-routes';
export {
  cancelOrRequestApproval,
  manualRefundApproval,
  markRefundPaidOrRequestApproval,
  paymentCancelApproval,
  providerRefundApproval,
  refundAtProviderOrRequestApproval,
} from './money-approvals';
export { getRefundRequest } from './refund-finance';
export { refundHeldCoins } from './refund-service';
export { refuseRequestsOfReversedCharge } from './reversed-charges';
export { paymentAdminRoutes } from './payment-admin-routes';
export { coinHistoryRoutes } from './routes';
export { type CoinHistoryTables } from './table';
