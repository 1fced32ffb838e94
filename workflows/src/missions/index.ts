// The mission workflow's public surface for the services that start it, talk to it and implement its activities.
export type * from './activities';
export * from './refusals';
export * from './workflows';
export * from './reminders';
