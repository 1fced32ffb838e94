// The monthly settlement workflow's public surface for the services that start it and implement its activities.
export type * from './activities';
export * from './schedule';
export * from './workflows';
