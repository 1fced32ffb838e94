import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { createShareLink, missionSharingKey, revokeShareLink } from './api/sharing';

/** The full address of a share page of this site (`/share/…`), as a phone's share sheet and the clipboard want it. */
export const shareUrlOf = (path: string) => new URL(path, window.location.origin).href;

/**
 * Sharing a completed mission: the phone's share sheet (`navigator.share`) where there is one, else the link copied
 * with a toast; a private mission's requester makes and revokes its unlisted link (docs/rules/sharing.md).
 */
export function useShare(missionId: number) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [toast, setToast] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The link made in this visit: its token is shown only once, so only now can it be shared. */
  const [freshPath, setFreshPath] = useState<string | null>(null);

  const share = async (path: string, title: string) => {
    const url = shareUrlOf(path);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The member closed the sheet: nothing to say. Anything else (not allowed here) falls back to the copy.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setToast(t('sharing.copied'));
    } catch {
      setToast(t('sharing.copyFailed', { url }));
    }
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: missionSharingKey(missionId, session.userId) });

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch (error) {
      // A 401 is the client's own (session expired → login); anything else asks to retry.
      if (!(error instanceof ApiError && error.status === 401)) setToast(t('sharing.failed'));
    } finally {
      setBusy(false);
    }
  };

  const createLink = () =>
    run(async () => {
      const link = await createShareLink(missionId);
      setFreshPath(link.path);
      setToast(t('sharing.linkCreated'));
    });

  const revokeLink = () =>
    run(async () => {
      await revokeShareLink(missionId);
      setFreshPath(null);
      setToast(t('sharing.linkRevoked'));
    });

  return { share, createLink, revokeLink, busy, freshPath, toast, closeToast: () => setToast(null) };
}
