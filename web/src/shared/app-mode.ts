import { useLocation } from 'react-router';

const KEY = 'app-api';

/**
 * Embedded app mode (`?app-api=true`): no header or footer. Remembered for the tab, so in-app navigation that drops
 * the query stays in app mode; `?app-api=false` leaves it.
 */
export function useAppMode(): boolean {
  const { search } = useLocation();
  return appModeOf(search);
}

/** The app mode for a page's query string (remembering `?app-api=` for the tab), outside React. */
export function appModeOf(search: string): boolean {
  const value = new URLSearchParams(search).get(KEY);
  if (value === 'true') window.sessionStorage.setItem(KEY, 'true');
  else if (value !== null) window.sessionStorage.removeItem(KEY);
  return window.sessionStorage.getItem(KEY) === 'true';
}
