import type { StaffRole } from '@fanmission/contracts';
import type { AuthProvider } from 'react-admin';

/**
 * The console's auth provider in component tests: a staff member signed in with these roles, and (for the pages that
 * tell his own requests from others') this member id.
 */
export function staffAuth(roles: readonly StaffRole[], memberId?: number): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [...roles],
    ...(memberId !== undefined && { getIdentity: async () => ({ id: memberId }) }),
  };
}
