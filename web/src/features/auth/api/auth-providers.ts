import type { AuthProviders } from '@fanmission/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export const NO_PROVIDERS: AuthProviders = { google: false, facebook: false, apple: null };

/** `GET /auth/providers`: the social sign-ins the server has configured; a failed call offers none of them. */
export async function fetchAuthProviders(): Promise<AuthProviders> {
  try {
    return (await api<AuthProviders>('/auth/providers', { globalErrors: 'none', token: null })).data;
  } catch (error) {
    console.warn('auth providers could not be loaded', error);
    return NO_PROVIDERS;
  }
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.authProviders, staleTime: 5 * 60_000, queryFn: fetchAuthProviders });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
