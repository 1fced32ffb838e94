import type { AdminApprovalCounts } from '@fanmission/contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { httpClient } from './data-provider';

// The approval queue's counts in the console's menu, apart from the approval screens (loaded when first shown).

/** Said on the window when a request was made or decided on this page: the menu's counts are read again. */
export const APPROVALS_CHANGED = 'fanmission:approvals-changed';
export const announceApprovalsChanged = () => window.dispatchEvent(new Event(APPROVALS_CHANGED));

/** The counts of the console's menu: read on every page change, after a request or a decision, and every minute. */
export function useApprovalCounts(): AdminApprovalCounts | null {
  const location = useLocation();
  const [counts, setCounts] = useState<AdminApprovalCounts | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      httpClient('/api/admin/approvals/counts')
        .then(({ json }) => live && setCounts(json as AdminApprovalCounts))
        .catch(() => undefined);
    void read();
    const timer = setInterval(() => void read(), 60_000);
    const onChange = () => void read();
    window.addEventListener(APPROVALS_CHANGED, onChange);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(APPROVALS_CHANGED, onChange);
    };
  }, [location.pathname, location.search]);
  return counts;
}
