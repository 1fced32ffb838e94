import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { failureMessage } from '../api/client';
import { refreshCurrentUser } from '../api/current-user';
import { confirmAdultVerification } from './api';
import { IDENTITY_RETURN_PARAM, pageWithoutIdentityReturn, runIdentityCheck } from './identity-check';

/**
 * The adult verification of the gate: `verify` runs an identity check; when the page comes back from it
 * (`?identityVerificationId=…`) the server is asked to read the check, once, and the return parameters leave the
 * address. Verified, every query is read again (the gated page answers now); refused (a minor, a cancelled check), the
 * server's message is shown.
 */
export function useAdultVerification() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const returned = new URLSearchParams(location.search).get(IDENTITY_RETURN_PARAM);
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    if (!returned || confirmed.current === returned) return;
    confirmed.current = returned;
    const clean = pageWithoutIdentityReturn(window.location.href);
    setBusy(true);
    setMessage(null);
    void confirmAdultVerification(returned)
      .then(
        async () => {
          await navigate(`${clean.pathname}${clean.search}${clean.hash}`, { replace: true });
          await refreshCurrentUser(queryClient);
          await queryClient.invalidateQueries();
        },
        async (error: unknown) => {
          await navigate(`${clean.pathname}${clean.search}${clean.hash}`, { replace: true });
          setMessage(failureMessage(error, t('adultGate.failed')));
        },
      )
      .finally(() => setBusy(false));
  }, [returned, navigate, queryClient, t]);

  const verify = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await runIdentityCheck();
    } catch (error) {
      setBusy(false);
      setMessage(failureMessage(error, t('adultGate.failed')));
    }
  };

  return { busy, message, verify };
}
