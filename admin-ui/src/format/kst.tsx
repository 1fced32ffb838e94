import { formatKoreaTime, koreaDate } from '@fanmission/contracts/time';
import { Typography } from '@mui/material';
import { useFieldValue, useRecordContext, type FieldProps } from 'react-admin';

/*
 * Every date of the console in Korea time (the business's calendar), written as the web app writes dates
 * (web/src/shared/format/date.ts: `2026.11.27`) and labelled KST, whatever the operator's browser's time zone.
 */

/** An instant as the console writes it: `2026.11.27 KST`, with the time `2026.11.27 14:05 KST`; null for no date. */
export function formatKst(
  instant: string | Date | null | undefined,
  options: { showTime?: boolean } = {},
): string | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  if (options.showTime) return formatKoreaTime(date).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1.$2.$3');
  return `${koreaDate(date).replaceAll('-', '.')} KST`;
}

/** A calendar day of Korea time (`YYYY-MM-DD`, a due or transfer date) as the console writes days: `2026.12.10 KST`. */
export const formatKstDay = (day: string | null | undefined): string => (day ? `${day.replaceAll('-', '.')} KST` : '-');

/** A record's date field in Korea time (react-admin's DateField writes the browser's time zone). */
export function KstDateField(props: FieldProps & { showTime?: boolean; emptyText?: string }) {
  const record = useRecordContext(props);
  const value = useFieldValue({ ...props, record }) as string | null | undefined;
  const text = formatKst(value, { showTime: props.showTime });
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text ?? props.emptyText ?? ''}
    </Typography>
  );
}
