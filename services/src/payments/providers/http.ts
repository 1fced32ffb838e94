import type { PaymentProviderName } from '@fanmission/contracts';
import { ProviderUnavailableError } from './provider';

export interface ProviderResponse {
  status: number;
  body: unknown;
}

/**
 * One HTTP call to a provider with a time limit. Network failures and unreadable bodies become
 * ProviderUnavailableError; HTTP error statuses are returned for the provider to interpret.
 */
export async function callProvider(
  provider: PaymentProviderName,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<ProviderResponse> {
  const { timeoutMs, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderUnavailableError(provider, `${request.method ?? 'GET'} ${url} failed`, { cause: error });
  }
  const text = await response.text();
  if (text === '') return { status: response.status, body: null };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new ProviderUnavailableError(provider, `${url} answered ${response.status} with a body that is not JSON`, {
      cause: error,
    });
  }
}

/** Throws unless the status is 2xx. */
export function expectSuccess(provider: PaymentProviderName, what: string, response: ProviderResponse): unknown {
  if (response.status >= 200 && response.status < 300) return response.body;
  throw new ProviderUnavailableError(provider, `${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
}
