import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { coinBalanceQueryOptions, invalidateCoinBalance } from '../../shared/api/coin-balance';
import { queryKeys } from '../../shared/api/query-keys';
import { fetchCashItems } from '../../shared/coins/charge-api';
import { CHARGE_RETURN_PATH } from '../../shared/coins/charge-form';
import { readRequestDraft } from '../../shared/missions/request-draft';
import { readSession } from '../../shared/session/session';
import { completeDeposit } from './api/coin-history';

/**
 * Finishes a checkout the provider sent back here: `?paymentId=…&status=paid|failed&coinItemId=…` from the sandbox,
 * `?coinItemId=…&paymentId=…[&code=…&message=…]` from PortOne. A charge started from a mission request that lacked
 * coins takes the fan back to that request (its draft kept in `shared/missions/request-draft.ts`) once he has seen
 * what was charged.
 */
export function useChargeReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  useEffect(() => {
    const paymentId = params.get('paymentId');
    const coinItemId = Number(params.get('coinItemId'));
    const status = params.get('status');
    if (!paymentId || handled.current) return;
    handled.current = true;
    void navigate(CHARGE_RETURN_PATH, { replace: true });
    void (async () => {
      // The sandbox says status=paid|failed; PortOne adds code (and message) only when the payment failed.
      const failureCode = params.get('code');
      if (status !== null ? status !== 'paid' : failureCode !== null) {
        const reason = params.get('message') || t('coinCharge.declinedReason');
        await showAlert(t('coinCharge.declined', { reason }));
        return;
      }
      const userId = readSession().userId;
      try {
        await completeDeposit({ coinItemId, userId, paymentId });
      } catch (error) {
        // A PayPal order not completed (or Pending) and the provider's own failures carry the server's message.
        if (error instanceof ApiError && error.body && error.status < 500) {
          await showAlert(error.body.message);
          return;
        }
        await showAlert(t('coinCharge.depositFailed'));
        window.location.reload();
        return;
      }
      await invalidateCoinBalance(queryClient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory.all });
      const balance = await queryClient.fetchQuery(coinBalanceQueryOptions());
      const item = params.get('coinItemId');
      const points = await fetchCashItems();
      const point = points.find((entry) => String(entry.id) === item)?.point ?? 0;
      await showAlert(t('coinCharge.charged', { point, balance: balance.point }));
      const draft = readRequestDraft();
      if (draft) {
        void navigate(draft.path);
        return;
      }
      // The page under the alert may have read its list while the provider's return was still being credited (it
      // mounts as the browser comes back): read the history again once the fan has seen the result.
      await queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory.all });
    })();
  }, [params, navigate, queryClient, t]);
}
