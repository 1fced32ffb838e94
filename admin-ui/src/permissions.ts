import { adminWriteRoles, type StaffRole } from '@fanmission/contracts';
import { usePermissions } from 'react-admin';

/** Whether these roles may write to the admin resource (the server enforces the same table, ADMIN_WRITE_POLICY). */
export function canWrite(roles: readonly StaffRole[] | undefined, resource: string): boolean {
  if (!roles || roles.length === 0) return false;
  return adminWriteRoles(resource).some((role) => roles.includes(role));
}

export function useCanWrite(resource: string): boolean {
  const { permissions } = usePermissions<StaffRole[]>();
  return canWrite(permissions, resource);
}
