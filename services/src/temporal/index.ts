// The public surface of `temporal`: what the modules that run workflows (missions, events) share when they start one
// or send it an Update from the API.
export { isTemporalUnanswered, startWorkflowOnce, updateRefusalType } from './workflow-calls';
