import { useSession } from '../../../shared/session/session';
import { LoadingState } from '../../../shared/ui/list-states';
import { useCapacity } from './capacity-api';
import { CapacitySettings } from './capacity-settings';
import { Layout } from './mission-management-page';

/** `/mission-management/capacity`: the creator's request settings (pause, return day, message, caps). */
export function CapacityPage() {
  const { creatorId } = useSession();
  const capacity = useCapacity(creatorId);
  return (
    <Layout>
      {capacity.data && creatorId !== null ? (
        // Keyed by the creator only: a save refreshes the counts and the notice beside the form, never the form (a
        // remount would drop the keyboard focus the save's alert gives back to its button).
        <CapacitySettings key={creatorId} creatorId={creatorId} stored={capacity.data} />
      ) : (
        <LoadingState />
      )}
    </Layout>
  );
}
