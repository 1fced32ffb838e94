import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardAllows, readSession, type Guard } from '../shared/session/session';

/**
 * Applies a route guard when the route is entered (stored session values only); denied access goes to `/`.
 * Deliberately not re-evaluated while the page stays open: a login page stores the token before it navigates on.
 */
export function Guarded({ guard, children }: { guard: Guard; children: ReactNode }) {
  const location = useLocation();
  // Evaluated once per navigation (location.key), not on every session change.
  const allowed = useMemo(() => guardAllows(guard, readSession()), [guard, location.key, location.pathname]);
  return allowed ? children : <Navigate to="/" replace />;
}
