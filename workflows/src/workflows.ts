// Every workflow the production worker runs. The worker bundles this file, so each workflow must be exported here.
export * from './coins/workflows';
export * from './missions/workflows';
export * from './settlement/workflows';
export * from './events/workflows';
export * from './maintenance/workflows';
