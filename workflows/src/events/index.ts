// The public surface of the lottery event workflows: the workflow, its Updates and queries, its activity interface
// (implemented in services) and its refusals.
export * from './activities';
export * from './refusals';
export * from './workflows';
