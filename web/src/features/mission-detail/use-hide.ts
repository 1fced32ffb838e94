import type { MissionView } from '@fanmission/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session/session';
import { setMissionBlock } from './api/mission';

/**
 * Hide a mission from the member's own lists, or show it again. The lists that leave out hidden missions (browse,
 * a creator page's completed missions, my page's liked tab) are refetched at once, so the change shows wherever the
 * member goes next; the detail keeps the answer's `blocked` mark.
 */
export function useHide(mission: Pick<MissionView, 'id' | 'blocked'>) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState(mission.blocked);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (session.userId === null || busy) return;
    setBusy(true);
    const hide = !blocked;
    try {
      const answer = await setMissionBlock(mission.id, session.userId, hide);
      setBlocked(answer.blocked);
      queryClient.setQueryData(queryKeys.mission(String(mission.id), session.userId), answer);
      await Promise.all(
        [queryKeys.browseMissionsAll, queryKeys.creatorCompletedAll, queryKeys.myPage.tabAll('liked')].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      void showAlert(hide ? t('missionDetail.hide.done') : t('missionDetail.hide.undone'));
    } catch (error) {
      // A 401 is the client's own (session expired → login); anything else asks to retry, as the block's failure does.
      if (!(error instanceof ApiError && error.status === 401)) void showAlert(t('missionDetail.hide.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { blocked, busy, toggle, available: session.userId !== null };
}
