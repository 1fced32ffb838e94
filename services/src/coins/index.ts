// The public surface of `coins`: the coin catalogue, the balance and crediting coin deposits. Other modules import
// only this file.
export { bankTransferPaymentId, creditPaymentPurchase, depositBankTransfer, findDepositOfPayment } from './deposits';
export { findCoinItem } from './repository';
export { bonusGrantAdminRoutes } from './bonus-grant-routes';
export { bonusGrantApproval, grantBonusItem } from './bonus-grants';
export { coinRoutes } from './routes';
export { toCoinItem } from './service';
export { type CoinItemRow, type CoinsTables } from './table';
export { createCoinExpiryActivities } from './expiry-activities';
export { createCoinExpiryWarningActivities, EXPIRY_WARNING_THRESHOLDS } from './expiry-warnings';
