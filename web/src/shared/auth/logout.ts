import { api } from '../api/client';
import { forgetThisDeviceOnLogout } from '../pwa/push-device';
import { clearSession } from '../session/session';

/**
 * Logs out: this browser's push subscription is removed (from the API while the session still holds, and from the
 * browser), the server revokes every session token of the member (`POST /api/logout`), then the local session is
 * cleared. A failed call (offline, token already expired) still logs out locally.
 */
export async function logout(): Promise<void> {
  await forgetThisDeviceOnLogout();
  try {
    await api('/api/logout', { method: 'POST', globalErrors: 'none' });
  } catch {
    // The local session goes anyway.
  }
  clearSession();
}
