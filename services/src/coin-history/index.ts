// The public surface of `coin-history`: the coin history and refund routes. Other modules import only this file.
export { coinRefundAdminRoutes } from './admin-routes';
export { manualRefundApproval, paymentCancelApproval, providerRefundApproval } from './money-approvals';
export { paymentAdminRoutes } from './payment-admin-routes';
export { coinHistoryRoutes } from './routes';
export { type CoinHistoryTables } from './table';
