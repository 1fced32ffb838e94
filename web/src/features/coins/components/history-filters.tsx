import { koreaMonthOf } from '@fanmission/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface YearMonth {
  year: number | '';
  month: number | '';
}

/** Year (this year and the five before) and month; the month needs a year, clearing the year clears it. */
export function HistoryFilters({ value, onChange }: { value: YearMonth; onChange: (next: YearMonth) => void }) {
  const { t } = useTranslation();
  // Korean years, as the history's year filter counts them (a device elsewhere may still be in the old year).
  const thisYear = koreaMonthOf(new Date()).year;
  const years = Array.from({ length: 6 }, (_, index) => thisYear - index);
  return (
    <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('coinHistory.year')}
        value={value.year}
        onChange={(event) => {
          const year = event.target.value;
          onChange(year === '' ? { year: '', month: '' } : { ...value, year: Number(year) });
        }}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">{t('coinHistory.all')}</MenuItem>
        {years.map((year) => (
          <MenuItem key={year} value={year}>
            {t('coinHistory.yearValue', { year })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('coinHistory.month')}
        value={value.month}
        disabled={value.year === ''}
        onChange={(event) => {
          const month = event.target.value;
          onChange({ ...value, month: month === '' ? '' : Number(month) });
        }}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">{t('coinHistory.all')}</MenuItem>
        {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
          <MenuItem key={month} value={month}>
            {t('coinHistory.monthValue', { month })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
