import type { DataMaintenanceActivities } from '@fanmission/workflows/maintenance';
import type { Db } from '../db';
import { runDataMaintenance, type DataMaintenanceOptions } from './maintenance';

/**
 * The daily data maintenance workflow's activity, bound to the database and the pass's options (the worker's process
 * passes them in). The run's row in data_maintenance_runs is written even when a step fails; the activity then fails
 * and Temporal retries the whole pass.
 */
export function createDataMaintenanceActivities(deps: { db: Db } & DataMaintenanceOptions): DataMaintenanceActivities {
  const { db, ...options } = deps;
  return {
    async runDailyDataMaintenance(input) {
      const report = await runDataMaintenance(db, new Date(input.asOf), options);
      return { runId: report.runId, asOf: report.asOf, removed: report.removed };
    },
  };
}
