import type { TermsConsent, TermsKind, TermsPage } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** `GET /terms/{kind}`: the version in force and the next one announced, in the page's language. */
export function useTermsPage(kind: TermsKind) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.terms(kind, i18n.language),
    queryFn: async () => (await api<TermsPage>(`/terms/${kind}`)).data,
    staleTime: 5 * 60_000,
  });
}

/** `GET /users/me/terms-consent`. */
export async function fetchTermsConsent(): Promise<TermsConsent> {
  return (await api<TermsConsent>('/users/me/terms-consent')).data;
}

/** `POST /users/me/terms-acceptances`: what is still pending after it. */
export async function acceptTermsVersions(versionIds: number[]): Promise<TermsConsent> {
  return (await api<TermsConsent>('/users/me/terms-acceptances', { method: 'POST', body: { versionIds } })).data;
}
