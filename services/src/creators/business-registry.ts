import { businessRegistrationDigits, type BusinessRegistryStatus } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { AppError, type FieldProblem } from '../http';
import type { MessageKey } from '../i18n';

/** What the registry answers of a registration number: its status and the business's registered name, or nothing. */
export type BusinessRegistryAnswer =
  { kind: 'FOUND'; status: BusinessRegistryStatus; registeredName: string } | { kind: 'NOT_FOUND' };

/** The registry did not answer in time: nothing is decided on the registration. */
export class BusinessRegistryUnavailableError extends Error {
  constructor(message = 'the business registry did not answer') {
    super(message);
    this.name = 'BusinessRegistryUnavailableError';
  }
}

/**
 * A business registry look-up (국세청 사업자등록 상태조회, through a provider): in business, closed (폐업) or suspended
 * (휴업), and the name the business is registered under. Throws `BusinessRegistryUnavailableError` when it does not
 * answer.
 */
export interface BusinessRegistryProvider {
  name: 'sandbox';
  lookUp(registrationNumber: string): Promise<BusinessRegistryAnswer>;
}

/**
 * The sandbox's test numbers (each with a valid check digit), like a provider's test mode. Any other well-formed
 * number is one the registry does not know.
 */
export const SANDBOX_BUSINESS_REGISTRATIONS = {
  /** An individual business (개인사업자) in business. */
  activePrivate: { number: '1234567891', status: 'ACTIVE', registeredName: '별빛상점' },
  /** A corporation (법인사업자) in business; banks print its name as `(주)별빛` or `별빛 주식회사`. */
  activeCorporation: { number: '2208162517', status: 'ACTIVE', registeredName: '별빛 주식회사' },
  /** A closed business (폐업). */
  closed: { number: '1018100001', status: 'CLOSED', registeredName: '닫힌상회' },
  /** A suspended business (휴업). */
  suspended: { number: '1018100016', status: 'SUSPENDED', registeredName: '쉬는상회' },
  /** The registry does not answer. */
  timeout: { number: '1018100020' },
} as const;

/** The development and test provider: answers from the number alone (SANDBOX_BUSINESS_REGISTRATIONS). */
export function sandboxBusinessRegistry(): BusinessRegistryProvider {
  return {
    name: 'sandbox',
    async lookUp(registrationNumber) {
      const digits = businessRegistrationDigits(registrationNumber);
      if (digits === SANDBOX_BUSINESS_REGISTRATIONS.timeout.number) throw new BusinessRegistryUnavailableError();
      for (const entry of [
        SANDBOX_BUSINESS_REGISTRATIONS.activePrivate,
        SANDBOX_BUSINESS_REGISTRATIONS.activeCorporation,
        SANDBOX_BUSINESS_REGISTRATIONS.closed,
        SANDBOX_BUSINESS_REGISTRATIONS.suspended,
      ]) {
        if (entry.number === digits) {
          return { kind: 'FOUND', status: entry.status, registeredName: entry.registeredName };
        }
      }
      return { kind: 'NOT_FOUND' };
    },
  };
}

/** The configured registry: `BUSINESS_REGISTRY_PROVIDER`, else the sandbox outside production; null in production. */
export function businessRegistryFor(config: AppConfig): BusinessRegistryProvider | null {
  const name = config.BUSINESS_REGISTRY_PROVIDER ?? (config.isProduction ? null : 'sandbox');
  return name === 'sandbox' ? sandboxBusinessRegistry() : null;
}

/**
 * What the registry answers of a number: the registered name of a business in business, or the problem on `field`
 * (not known, closed, suspended). 503 `BUSINESS_REGISTRY_UNAVAILABLE` when the registry does not answer or none is
 * configured. Asked outside any database transaction.
 */
async function registryAnswer(
  ctx: ServiceContext,
  registrationNumber: string,
  field: string,
): Promise<{ registeredName: string } | { problem: FieldProblem }> {
  const registry = businessRegistryFor(ctx.config);
  if (!registry) throw registryUnavailable();
  let answer: BusinessRegistryAnswer;
  try {
    answer = await registry.lookUp(registrationNumber);
  } catch (error) {
    ctx.log.warn({ err: error }, 'business registry look-up failed');
    throw registryUnavailable();
  }
  const refused = (key: MessageKey) => ({ problem: { field, key, rejectedValue: registrationNumber } });
  if (answer.kind === 'NOT_FOUND') return refused('creators.businessRegistrationNotFound');
  if (answer.status === 'CLOSED') return refused('creators.businessClosed');
  if (answer.status === 'SUSPENDED') return refused('creators.businessSuspended');
  return { registeredName: answer.registeredName };
}

/** The problem with a registration number (not known, closed, suspended), or null for a business in business. */
export async function registrationProblem(
  ctx: ServiceContext,
  registrationNumber: string,
  field = 'businessRegistrationNumber',
): Promise<FieldProblem | null> {
  const answer = await registryAnswer(ctx, registrationNumber, field);
  return 'problem' in answer ? answer.problem : null;
}

/** A registration in business: its registered name; 400 on `field` otherwise (`registryAnswer`). */
export async function activeRegistration(
  ctx: ServiceContext,
  registrationNumber: string,
  field = 'businessRegistrationNumber',
): Promise<{ registeredName: string }> {
  const answer = await registryAnswer(ctx, registrationNumber, field);
  if ('problem' in answer) {
    throw new AppError(400, answer.problem.key, { code: 'VALIDATION_FAILED', fields: [answer.problem] });
  }
  return answer;
}

const registryUnavailable = () =>
  new AppError(503, 'creators.businessRegistryUnavailable', { code: 'BUSINESS_REGISTRY_UNAVAILABLE' });
