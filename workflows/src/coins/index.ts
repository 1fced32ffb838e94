// The coin expiry workflow's public surface for the services that start it and implement its activities.
export type { CoinActivities, CoinExpiryResult } from './activities';
export { COIN_EXPIRY_TIME_ZONE, expiryAsOf, isCalendarDate } from './expiry-date';
export { COIN_EXPIRY_SCHEDULE_ID, ensureCoinExpirySchedule } from './schedule';
export { expireCoinLots } from './workflows';
export type { CoinExpiryWarningResult, CoinWarningActivities } from './activities';
export { COIN_EXPIRY_WARNING_SCHEDULE_ID, ensureCoinExpiryWarningSchedule } from './warning-schedule';
export { warnExpiringCoins } from './workflows';
