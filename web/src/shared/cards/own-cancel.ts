import type { MissionRejectionReason, MissionStatus, ProductType } from '@fanmission/contracts';

/**
 * A request its fan cancelled himself (POST /missions/{id}/cancel ends it REJECTED with reason CANCELED): shown as his
 * own cancel, never as the creator's refusal. A lottery entry ends CANCELED when its event is cancelled, not by him.
 * Beside the cards: the landing page's cards load with the shell, which must not load the shared pages' chunk.
 */
export function isOwnCancel(mission: {
  status: MissionStatus;
  rejectionReason: MissionRejectionReason | null;
  missionProduct: { type: ProductType };
}): boolean {
  return (
    mission.status === 'REJECTED' && mission.rejectionReason === 'CANCELED' && mission.missionProduct.type !== 'EVENT'
  );
}
