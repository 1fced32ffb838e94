import {
  DEADLINES,
  missionRequestSchema,
  NOT_ENOUGH_COINS,
  type MissionProduct,
  type MissionRequestResponse,
} from '@fanmission/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { formatDotDate } from '../../shared/format/date';
import { ApiError, failureMessage } from '../../shared/api/client';
import { invalidateCoinBalance, useCoinBalance } from '../../shared/api/coin-balance';
import { mayCharge } from '../../shared/coins/charge-form';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { validate } from '../../shared/forms/validate';
import { postMission } from '../../shared/api/missions';
import { dropRequestDraft, keepRequestDraft } from '../../shared/missions/request-draft';
import {
  EMPTY_REQUEST_FORM,
  minimumOffer,
  requestBody,
  requestCost,
  requestFormSchema,
  type RequestForm,
} from './request-form';
import { deleteUpload } from './api/upload';
import { useRequestUpload } from './use-request-upload';

/**
 * The request modal's state and submit: the form is checked against its schema; too few coins alert, keep the typed
 * request as a draft (restored when the charge comes back) and open the charge modal; the request is posted once
 * (idempotency key); a failure deletes the upload and reloads.
 */
export function useMissionRequest(
  product: MissionProduct,
  onClose: () => void,
  onRequested?: (response: MissionRequestResponse) => void,
  draft: RequestForm = EMPTY_REQUEST_FORM,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const schema = useMemo(() => requestFormSchema(product), [product]);
  const { form, values, set, errorKey, textField } = useSchemaForm(schema, draft);
  const upload = useRequestUpload();
  const [busy, setBusy] = useState(false);
  const [charging, setCharging] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());
  const balance = useCoinBalance();
  const held = balance.data?.point ?? 0;
  const cost = requestCost(values, product);

  const message = (field: keyof RequestForm) => {
    const key = errorKey(field);
    if (!key) return undefined;
    return key === 'missionRequest.belowMinimum' ? t(key, { min: minimumOffer(product) }) : t(key);
  };

  const notEnoughCoins = async () => {
    await showAlert(t('missionRequest.notEnoughCoins'));
    if (!mayCharge()) return;
    keepRequestDraft({ path: pathname, productId: product.id, fields: { ...form.getValues() } });
    setCharging(true);
  };

  /** The confirmation: done, until when the creator decides or performs (else refunded), and the coins left. */
  const requestedMessage = (data: MissionRequestResponse, coinsLeft: number) => {
    const days = data.status === 'REQUESTED' ? DEADLINES.customDecisionDays : DEADLINES.missionPerformDays;
    const date = formatDotDate(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
    return [
      t('missionRequest.done'),
      t(data.status === 'REQUESTED' ? 'missionRequest.decideBy' : 'missionRequest.performBy', { date }),
      t('missionRequest.coinsLeft', { count: Math.max(0, coinsLeft) }),
    ].join('\n');
  };

  const send = async () => {
    if (held < cost) return notEnoughCoins();
    const checked = validate(missionRequestSchema, requestBody(form.getValues(), product, upload.file?.entry?.id));
    if (!checked.ok) {
      for (const [field, key] of Object.entries(checked.errors)) {
        form.setError(field as keyof RequestForm, { message: key });
      }
      return;
    }
    setBusy(true);
    try {
      const data = await postMission(checked.data, idempotencyKey.current);
      dropRequestDraft();
      await invalidateCoinBalance(queryClient);
      onRequested?.(data);
      onClose();
      void showAlert(requestedMessage(data, held - cost), {
        label: t('missionRequest.view'),
        to: `/mission-detail/${data.id}`,
      });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.body?.code === NOT_ENOUGH_COINS) {
        return notEnoughCoins();
      }
      if (error instanceof ApiError && error.status === 403) return; // the client's global handling took over
      // Registration failure asks to retry, deletes the uploaded file and reloads.
      if (upload.file?.entry) await deleteUpload(upload.file.entry.id);
      await showAlert(failureMessage(error, t('missionRequest.failed')));
      window.location.reload();
    }
  };

  return {
    values,
    set,
    textField,
    message,
    upload,
    busy,
    charging,
    held,
    cost,
    submit: form.handleSubmit(send),
  };
}
