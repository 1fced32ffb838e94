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
        <CapacitySettings key={capacity.dataUpdatedAt} creatorId={creatorId} stored={capacity.data} />
      ) : (
        <LoadingState />
      )}
    </Layout>
  );
}
