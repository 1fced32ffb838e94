// The activity of the daily data maintenance workflow. Its implementation lives in services
// (`retention/activities.ts`: it prunes and destroys rows) and is handed to the worker; the workflow imports only
// these types.

export interface DataMaintenanceSummary {
  /** The row of data_maintenance_runs that records the run. */
  runId: number;
  /** The instant the pass ran as of. */
  asOf: string;
  /** Per step: what it removed, by table or kind. */
  removed: Record<string, Record<string, unknown>>;
}

export interface DataMaintenanceActivities {
  /**
   * One whole retention pass as of `asOf` (the outbox's partitions, the row pruning, the notification and key
   * windows, the legal retention). Every step is idempotent: a retry runs the pass again.
   */
  runDailyDataMaintenance(input: { asOf: string }): Promise<DataMaintenanceSummary>;
}
