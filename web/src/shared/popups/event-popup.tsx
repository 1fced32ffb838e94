import { lazy, Suspense, useEffect, useState } from 'react';
import { getOrNull } from '../api/client';
import { dismissedPopups, dismissPopup, popupsQuiet, quietPopupsForToday, type PopupState } from '../session/session';
import type { Popup } from './popup';

const PopupDialog = lazy(() => import('./popup-dialog'));

async function fetchCurrentPopup(): Promise<Popup | null> {
  try {
    const popup = await getOrNull<Popup | null>('/notifications/popup/current', { globalErrors: 'none' });
    return popup && typeof popup.id === 'number' ? popup : null;
  } catch (error) {
    console.warn('the current popup could not be loaded', error);
    return null;
  }
}

/**
 * The operator's popup for the visitor's logged-in state, shown until dismissed: closing it, or following its link
 * while logged in, stores its id in `ignore-logged-on-popup` / `ignore-logged-off-popup`; "not today" hides every
 * popup until the next midnight in Korea time (the one on screen shows again tomorrow).
 */
export function EventPopup({ state }: { state: PopupState }) {
  const [popup, setPopup] = useState<Popup | null>(null);
  useEffect(() => {
    if (popupsQuiet()) return;
    let current = true;
    void fetchCurrentPopup().then((found) => {
      if (current && found && !dismissedPopups(state).includes(found.id)) {
        // The picture downloads while the dialog's code does (it is the page's largest paint).
        if (found.webImage) new Image().src = found.webImage.s3Url;
        setPopup(found);
      }
    });
    return () => {
      current = false;
    };
  }, [state]);
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog
        popup={popup}
        state={state}
        onDismiss={(how) => {
          if (how === 'notToday') quietPopupsForToday();
          else if (how === 'closed' || state === 'loggedOn') dismissPopup(state, popup.id);
          setPopup(null);
        }}
      />
    </Suspense>
  );
}
