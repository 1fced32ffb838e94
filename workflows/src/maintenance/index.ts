// The daily data maintenance workflow's public surface for the services that implement its activity and create its
// Schedule.
export type * from './activities';
export * from './schedule';
export * from './workflows';
