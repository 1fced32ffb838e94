import { ADMIN_WRITE_POLICY, type StaffRole } from '@fanmission/contracts';
import { usePermissions } from 'react-admin';

/** Whether these roles may write to the admin resource (the server enforces the same policy). */
export function canWrite(roles: readonly StaffRole[] | undefined, resource: string): boolean {
  if (!roles || roles.length === 0) return false;
  const required = ADMIN_WRITE_POLICY[resource];
  return required === undefined || roles.includes(required);
}

export function useCanWrite(resource: string): boolean {
  const { permissions } = usePermissions<StaffRole[]>();
  return canWrite(permissions, resource);
}
