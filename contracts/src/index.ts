export * from './admin-console';
export * from './banks';
export * from './board';
export * from './coin-history';
export * from './coins';
export * from './coins-api';
export * from './comments';
export * from './creator-api';
export * from './creators';
export * from './errors';
export * from './events';
export * from './files';
export * from './health';
export * from './languages';
export * from './limits';
export * from './lottery-events';
export * from './mission-requests';
export * from './mission-products-api';
export * from './missions';
export * from './notifications';
export * from './missions-api';
export * from './page';
export * from './time';
export * from './roles';
export * from './roulette-fairness';
export * from './users';
export * from './creator-review';
export * from './creator-review-admin';
export * from './income-api';
export * from './settlement-rules';
export * from './trust';
<<<<<<< HEAD
export * from './payment-webhooks';
=======
export * from './messages';
>>>>>>> main
