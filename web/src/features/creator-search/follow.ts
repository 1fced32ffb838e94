import type { FollowState } from '@fanmission/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';

/**
 * The follow heart of a creator: a visitor (no stored token) is sent to /login; a member follows or unfollows as
 * himself (01 §7) and the heart shows the server's answer.
 */
export function useFollow(creatorId: number, initiallyFollowing: boolean, onChange?: (state: FollowState) => void) {
  const session = useSession();
  const navigate = useNavigate();
  const [following, setFollowing] = useState(initiallyFollowing);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!session.token || session.userId === null) {
      void navigate('/login');
      return;
    }
    setBusy(true);
    try {
      const { data } = following
        ? await api<FollowState>(`/creators/${creatorId}/follower`, {
            method: 'DELETE',
            query: { userId: session.userId },
          })
        : await api<FollowState>(`/creators/${creatorId}/follower`, {
            method: 'POST',
            body: { userId: session.userId },
          });
      setFollowing(data.following);
      onChange?.(data);
    } catch (error) {
      console.warn('follow change failed', error);
    } finally {
      setBusy(false);
    }
  };
  return { following, busy, toggle };
}

/** The creator page address: its custom url when it has one, else its id (01 §2 creator search rule). */
export function creatorHref(creator: { id: number; url: string | null }): string {
  return creator.url ? `/${creator.url}` : `/creator/${creator.id}`;
}
