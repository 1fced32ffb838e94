// The public surface of `retention`: bounded growth of the data. The hourly pruning of the tables that only grew
// (outbox, processed ids, dead letters, expired tokens, ended rate-limit windows), the outbox's day partitions, the
// notification and idempotency-key windows, the legal retention, and the daily pass that runs them all. Other
// modules import only this file.
export {
  DEFAULT_RETENTION,
  pruneRetainedRows,
  type RetentionPolicy,
  type RetentionResult,
  type RunningRetention,
  startRetention,
} from './retention';
export {
  maintainOutboxPartitions,
  partitionOutbox,
  type OutboxConversionStep,
  type OutboxPartitionResult,
} from './outbox-partitions';
export { IDEMPOTENCY_KEY_DAYS, NOTIFICATION_MONTHS, pruneWindows, type WindowResult } from './windows';
export {
  destroyPastLegalRetention,
  ERASED_APPLICANT,
  type LegalDestructionResult,
  type LegalRecordKind,
} from './legal';
export {
  dataMaintenanceSteps,
  runDataMaintenance,
  type DataMaintenanceOptions,
  type DataMaintenanceReport,
  type DataMaintenanceStep,
} from './maintenance';
export { createDataMaintenanceActivities } from './activities';
