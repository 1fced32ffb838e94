import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { showAlert } from '../shared/alert/alert';
import { guardAllows, readSession, type Guard } from '../shared/session/session';

/**
 * Applies a route guard when the route is entered (stored session values only); denied access goes to `/`, but a
 * creator at the coin charge is told creators cannot charge coins and goes to his own creator page.
 * Deliberately not re-evaluated while the page stays open: a login page stores the token before it navigates on.
 */
export function Guarded({ guard, children }: { guard: Guard; children: ReactNode }) {
  const location = useLocation();
  // Evaluated once per navigation (location.key), not on every session change.
  const { allowed, creatorId } = useMemo(() => {
    const session = readSession();
    return { allowed: guardAllows(guard, session), creatorId: session.creatorId };
  }, [guard, location.key, location.pathname]);
  if (allowed) return children;
  if (guard === 'coinCharge' && creatorId !== null) return <CreatorRefusedCharge creatorId={creatorId} />;
  return <Navigate to="/" replace />;
}

function CreatorRefusedCharge({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    void showAlert(t('coinCharge.creatorsCannotCharge'));
  }, [t]);
  return <Navigate to={`/creator/${creatorId}`} replace />;
}
