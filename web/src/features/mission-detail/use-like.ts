import type { MissionView } from '@fanmission/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoToLogin } from '../../shared/auth/login-return';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { useSession } from '../../shared/session/session';
import { setMissionLike } from './api/mission';

/** Like / unlike with the server's count; a visitor is sent to /login; the liked tab of my page reloads. */
export function useLike(mission: Pick<MissionView, 'id' | 'liked' | 'likesCount'>) {
  const { t } = useTranslation();
  const session = useSession();
  const goToLogin = useGoToLogin();
  const queryClient = useQueryClient();
  const [state, setState] = useState({ liked: mission.liked, count: mission.likesCount });
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (!session.loggedIn) {
      goToLogin();
      return;
    }
    setBusy(true);
    try {
      const data = await setMissionLike(mission.id, !state.liked);
      setState({ liked: data.liked, count: data.likesCount });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPage.tabAll('liked') });
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        void showAlert(t('missionDetail.likeFailed'));
      }
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, toggle };
}
