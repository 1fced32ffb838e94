import type { FastifyRequest } from 'fastify';
import { requireSelf, type Caller } from '../auth';
import { AppError } from '../http';
import { creatorCannotCharge } from './errors';

/**
 * Who may charge coins: a verified member, for their own account only (403 `access denied` otherwise). Creators
 * cannot charge; their member coins are frozen.
 */
export function requireChargingMember(request: FastifyRequest, userId: number): Caller {
  const caller = requireSelf(request, userId);
  if (caller.roles.includes('ROLE_CREATOR') || caller.creatorId !== null) throw creatorCannotCharge();
  if (caller.roles.includes('ROLE_UNVERIFIED')) throw new AppError(403, 'auth.notVerified', { code: 'UNVERIFIED' });
  return caller;
}
