// The public surface of `retention`: pruning of the tables that only grew (outbox, processed ids, dead letters,
// expired tokens, ended rate-limit windows). Other modules import only this file.
export {
  DEFAULT_RETENTION,
  pruneRetainedRows,
  type RetentionPolicy,
  type RetentionResult,
  type RunningRetention,
  startRetention,
} from './retention';
