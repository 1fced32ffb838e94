import { api } from '../api/client';
import { clearSession } from '../session/session';

/**
 * Logs out: the server revokes every session token of the member (`POST /api/logout`), then the
 * local session is cleared. A failed call (offline, token already expired) still logs out locally.
 */
export async function logout(): Promise<void> {
  try {
    await api('/api/logout', { method: 'POST', globalErrors: 'none' });
  } catch {
    // The local session goes anyway.
  }
  clearSession();
}
