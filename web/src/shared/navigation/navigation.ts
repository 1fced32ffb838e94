import { useEffect } from 'react';
import { useNavigate } from 'react-router';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

/** Navigation for code outside components (the API client's global error handling). */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

/** Mounted once inside the router: lends the router's navigate to navigateTo. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigator = (to, options) => void navigate(to, options);
    return () => {
      navigator = undefined;
    };
  }, [navigate]);
  return null;
}
