// The public surface of `trust`: the escrow timeline, creator reliability and leaving the service.
export { escrowTimeline, missionEscrow } from './escrow';
export {
  creatorReliability,
  creatorReliabilityConsumer,
  refreshReliability,
  startReliabilityRefresher,
} from './reliability';
export { settleObjectionsByUnblock } from './block-objections';
export { blockObjectionAdminRoutes } from './objection-admin-routes';
export { trustRoutes } from './routes';
export { deleteAccount } from './account-deletion';
export { type TrustTables } from './table';
