import { z } from 'zod';

export const ROLES = ['ROLE_USER', 'ROLE_CREATOR', 'ROLE_UNVERIFIED', 'ROLE_OPERATOR', 'ROLE_FINANCE'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles that may use the operator console (`/api/admin/*`). */
export const CONSOLE_ROLES: readonly Role[] = ['ROLE_OPERATOR', 'ROLE_FINANCE'];
