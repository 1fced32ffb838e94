import type { CoinHistoryRowDto } from '@fanmission/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paidAmount } from './charge-withdrawal';

/**
 * Under a charge row: how it was paid and how much, then its receipt — the provider's slip (매출전표) for a card,
 * KakaoPay, phone or PayPal charge, opened in a new tab; a bank deposit's cash receipt by its approval number.
 */
export function ChargeReceipt({ row }: { row: CoinHistoryRowDto }) {
  const { t, i18n } = useTranslation();
  const payment = row.coinDeposit?.payment;
  if (!payment) return null;
  const method = t(`coinCharge.${payment.payMethod}`);
  const amount = paidAmount(row, row.point, i18n.language);
  return (
    <Typography component="div" variant="body2" color="text.secondary" data-testid="charge-receipt">
      {method} · {amount}
      {payment.receiptUrl ? (
        <>
          {' · '}
          <Link
            href={payment.receiptUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('coinHistory.receiptLabel', { method, amount })}
          >
            {t('coinHistory.receipt')}
          </Link>
        </>
      ) : null}
      {payment.cashReceiptApprovalNumber ? (
        <>
          {' · '}
          {t('coinHistory.cashReceiptApproval', { number: payment.cashReceiptApprovalNumber })}
        </>
      ) : null}
    </Typography>
  );
}
