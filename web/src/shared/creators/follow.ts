import type { FollowState } from '@fanmission/contracts';
import { useState } from 'react';
import { useGoToLogin } from '../auth/login-return';
import { useSession } from '../session/session';
import { setFollowing } from './follow-api';

/**
 * The follow heart of a creator: a visitor (no stored token) is sent to /login; a member follows or unfollows as
 * himself and the heart shows the server's answer.
 */
export function useFollow(creatorId: number, initiallyFollowing: boolean, onChange?: (state: FollowState) => void) {
  const session = useSession();
  const goToLogin = useGoToLogin();
  const [following, setFollowingState] = useState(initiallyFollowing);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!session.loggedIn || session.userId === null) {
      goToLogin();
      return;
    }
    setBusy(true);
    try {
      const data = await setFollowing(creatorId, session.userId, !following);
      setFollowingState(data.following);
      onChange?.(data);
    } catch (error) {
      console.warn('follow change failed', error);
    } finally {
      setBusy(false);
    }
  };
  return { following, busy, toggle };
}
