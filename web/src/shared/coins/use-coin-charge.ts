import { cashReceiptDigits, PG_BY_PAY_METHOD, type BankTransferCreated } from '@fanmission/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../alert/alert';
import { ApiError } from '../api/client';
import { useCurrentUser } from '../api/current-user';
import { queryKeys } from '../api/query-keys';
import { formatPhoneNumber } from '../format/phone';
import { useSchemaForm } from '../forms/schema-form';
import { typedNumber } from '../forms/validate';
import { readSession } from '../session/session';
import { requestBankTransfer, startCheckout, useCashItems } from './charge-api';
import { CHARGE_RETURN_PATH, chargeFormSchema, EMPTY_CHARGE_FORM, type ChargeForm } from './charge-form';
import { fetchMerchantCode, payWithPortOne } from './portone-checkout';

/**
 * The charge modal's form and submit: a creator is refused first; a bank deposit is requested and the modal then
 * shows where, how much and by when to pay (`requested`; the pending tab lists it too); a provider payment goes to its
 * checkout page (PortOne's, opened by its browser SDK, or the sandbox's and PayPal's pages).
 */
export function useCoinCharge(onClose: () => void, onBankRequested?: (requested: BankTransferCreated) => void) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { form, values, set, errorKey } = useSchemaForm(chargeFormSchema, EMPTY_CHARGE_FORM);
  const [busy, setBusy] = useState(false);
  const [requested, setRequested] = useState<BankTransferCreated | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const items = useCashItems();
  // The depositor's phone starts as the profile's number (a number already typed stays); 소득공제 then takes it too.
  const profilePhone = useCurrentUser().data?.phone ?? null;
  useEffect(() => {
    if (profilePhone && !form.getValues('depositorPhone')) {
      form.setValue('depositorPhone', formatPhoneNumber(profilePhone));
    }
  }, [profilePhone, form]);

  const send = async (form: ChargeForm) => {
    const session = readSession();
    if (form.coinItemId === null || session.userId === null) return;
    const { payMethod } = form;
    const bank = payMethod === 'withoutbankbook';
    const paypal = form.payMethod === 'paypal';
    setBusy(true);
    // A bank deposit that could not be asked for, or a merchant code not obtained, is said and the page reloads (the
    // charge starts over from what the server has); a checkout that could not be made says to contact the admin.
    let reloadAfterAlert = bank;
    try {
      if (bank) {
        const created = await requestBankTransfer(
          {
            coinItemId: form.coinItemId,
            userId: session.userId,
            depositorName: form.depositorName.trim(),
            depositorPhone: typedNumber(form.depositorPhone)!,
            ...(form.cashReceipt === 'NONE'
              ? { receiptType: 'PHONE' }
              : { receiptType: form.cashReceipt, cashReceiptNumber: cashReceiptDigits(form.cashReceiptNumber.trim()) }),
          },
          idempotencyKey.current,
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.bankTransfers.all });
        setBusy(false);
        setRequested(created);
        return;
      }
      const back = new URL(CHARGE_RETURN_PATH, window.location.origin);
      back.searchParams.set('coinItemId', String(form.coinItemId));
      // Card and KakaoPay go to the card provider: PortOne's browser SDK when it is configured, else the sandbox.
      reloadAfterAlert = !paypal;
      const merchant = paypal ? null : await fetchMerchantCode();
      reloadAfterAlert = false;
      const data = await startCheckout(
        {
          coinItemId: form.coinItemId,
          userId: session.userId,
          payMethod,
          pg: PG_BY_PAY_METHOD[payMethod],
          currency: paypal ? 'USD' : 'KRW',
          language: i18n.language,
          mRedirectUrl: back.toString(),
        },
        idempotencyKey.current,
      );
      if (merchant?.provider === 'portone' && data.provider === 'portone') {
        if (!merchant.storeId || !merchant.channelKey) throw new Error(t('coinCharge.noPayload'));
        const outcome = await payWithPortOne(
          data,
          { storeId: merchant.storeId, channelKey: merchant.channelKey },
          back.toString(),
        );
        if (!outcome) return; // PortOne took the browser to its checkout; it comes back to `back`
        // Finished in this page: the coin history completes it as it does a redirect back (POST /coin-deposit).
        for (const [key, value] of Object.entries(outcome)) if (value) back.searchParams.set(key, value);
        window.location.assign(back.toString());
        return;
      }
      if (!data.checkoutUrl) throw new Error(t('coinCharge.noPayload'));
      window.location.assign(data.checkoutUrl);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 401) return; // the client's global handling took over
      const message =
        error instanceof ApiError && error.body
          ? error.body.message
          : bank
            ? t('coinCharge.bankFailed')
            : t('coinCharge.noPayload');
      await showAlert(message);
      if (reloadAfterAlert) window.location.reload();
    }
  };

  const submit = () => {
    if (readSession().creatorId !== null) {
      void showAlert(t('coinCharge.creatorsCannotCharge'));
      onClose();
      return Promise.resolve();
    }
    return form.handleSubmit(send)();
  };

  /** Closes the modal once the fan has read where to pay a bank deposit, and shows the pending tab. */
  const closeRequested = () => {
    if (requested) onBankRequested?.(requested);
    onClose();
  };

  return { values, set, errorKey, busy, submit, items, requested, closeRequested };
}
