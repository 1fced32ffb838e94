// The daily data maintenance: started by the `data-maintenance-daily` Schedule, it runs the whole retention pass in one
// activity, as of the workflow clock's instant (deterministic: the instant comes from the input or the workflow
// clock).
import { proxyActivities } from '@temporalio/workflow';
import type { DataMaintenanceActivities, DataMaintenanceSummary } from './activities';

const { runDailyDataMaintenance } = proxyActivities<DataMaintenanceActivities>({
  // Converting a big outbox online and deleting in batches can take a while; each batch commits on its own.
  startToCloseTimeout: '2 hours',
  retry: { initialInterval: '1 minute', backoffCoefficient: 2, maximumInterval: '30 minutes', maximumAttempts: 5 },
});

export interface DataMaintenanceInput {
  /** The instant to run as of (ISO 8601); defaults to now by the workflow clock. */
  asOf?: string;
}

export async function dataMaintenance(input: DataMaintenanceInput = {}): Promise<DataMaintenanceSummary> {
  return await runDailyDataMaintenance({ asOf: input.asOf ?? new Date().toISOString() });
}
