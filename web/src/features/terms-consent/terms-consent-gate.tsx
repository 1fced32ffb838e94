import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TERMS_REQUIRED_EVENT } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';
import { logout } from '../../shared/auth/logout';
import { acceptTermsVersions, fetchTermsConsent } from '../../shared/legal/terms-api';
import { useSession } from '../../shared/session/session';
import { TermsConsentDialog } from './terms-consent-dialog';

/** Where a member who refuses new terms closes his account. */
export const ACCOUNT_DELETION_PATH = '/edit-user-profile';

/** The navigation state of a member sent to close his account after refusing the terms (the dialog waits there). */
interface LeavingState {
  leavingOverTerms: true;
}

/**
 * Asks a signed-in member to accept the versions of the terms in force he has not accepted, on every page, when he
 * signs in, when his session continues on a new visit and when the API refuses a change for it
 * (`TERMS_NOT_ACCEPTED`).
 */
export function TermsConsentGate() {
  const session = useSession();
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consent = useQuery({
    queryKey: queryKeys.termsConsent.of(session.userId, i18n.language),
    queryFn: fetchTermsConsent,
    enabled: session.loggedIn,
    staleTime: 60_000,
  });
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.termsConsent.all });
    window.addEventListener(TERMS_REQUIRED_EVENT, refresh);
    return () => window.removeEventListener(TERMS_REQUIRED_EVENT, refresh);
  }, [queryClient]);
  const accept = useMutation({
    mutationFn: acceptTermsVersions,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.termsConsent.of(session.userId, i18n.language), answer),
  });

  const pending = consent.data?.pending ?? [];
  const leaving = (location.state as Partial<LeavingState> | null)?.leavingOverTerms === true;
  if (!session.loggedIn || pending.length === 0 || (leaving && location.pathname === ACCOUNT_DELETION_PATH))
    return null;
  return (
    <TermsConsentDialog
      pending={pending}
      creator={session.creatorId !== null}
      accepting={accept.isPending}
      failed={accept.isError}
      onAccept={() => accept.mutate(pending.map((version) => version.id))}
      onWithdraw={() =>
        void navigate(ACCOUNT_DELETION_PATH, { state: { leavingOverTerms: true } satisfies LeavingState })
      }
      onLogout={() => void logout().then(() => navigate('/', { replace: true }))}
    />
  );
}
