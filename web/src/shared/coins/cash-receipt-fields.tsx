import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CASH_RECEIPT_CHOICES, type CashReceiptChoice } from './charge-form';

/**
 * The bank deposit's cash receipt (현금영수증) choice: none, 소득공제 with a mobile number, or 지출증빙 with a business
 * registration number; the number's field shows only with a receipt.
 */
export function CashReceiptFields({
  choice,
  number,
  error,
  onChoice,
  onNumber,
}: {
  choice: CashReceiptChoice;
  number: string;
  /** The number's message key, when it is wrong. */
  error: string | undefined;
  onChoice: (choice: CashReceiptChoice) => void;
  onNumber: (number: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id="cash-receipt-label" sx={{ fontWeight: 700, color: 'text.primary' }}>
        {t('coinCharge.cashReceipt')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="cash-receipt-label"
        value={choice}
        onChange={(_, value) => onChoice(value as CashReceiptChoice)}
      >
        {CASH_RECEIPT_CHOICES.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={t(`coinCharge.cashReceipt${option}`)}
          />
        ))}
      </RadioGroup>
      {choice === 'NONE' ? null : (
        <>
          <TextField
            sx={{ mt: 1 }}
            label={t(`coinCharge.cashReceiptNumber${choice}`)}
            value={number}
            onChange={(event) => onNumber(event.target.value)}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
            slotProps={{ htmlInput: { maxLength: 20, inputMode: 'numeric' } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('coinCharge.cashReceiptNote')}
          </Typography>
        </>
      )}
    </FormControl>
  );
}
