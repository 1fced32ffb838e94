import { KOREA_OFFSET_MS, formatDay, formatKoreaDay, formatKoreaTime } from '@fanmission/contracts/time';
import { Typography } from '@mui/material';
import { DateTimeInput, useFieldValue, useRecordContext, type DateTimeInputProps, type FieldProps } from 'react-admin';

/*
 * Every date of the console in Korea time (the business's calendar), written as the product writes dates
 * (contracts/src/time.ts: `2026.11.27`) and labelled KST, whatever the operator's browser's time zone.
 */

/** An instant as the console writes it: `2026.11.27 KST`, with the time `2026.11.27 14:05 KST`; null for no date. */
export function formatKst(
  instant: string | Date | null | undefined,
  options: { showTime?: boolean } = {},
): string | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  return options.showTime ? formatKoreaTime(date) : `${formatKoreaDay(date)} KST`;
}

/** A calendar day of Korea time (`YYYY-MM-DD`, a due or transfer date) as the console writes days: `2026.12.10 KST`. */
export const formatKstDay = (day: string | null | undefined): string => (day ? `${formatDay(day)} KST` : '-');

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

/** A `datetime-local` input's own value: a wall-clock time without a zone. */
const INPUT_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * An instant as a `datetime-local` input shows it, in Korea time: `2026-11-27T14:05` ('' for no date). An input's own
 * value stays as it is (react-admin's DateTimeInput formats the value it already formatted once more).
 */
export function toKstInput(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && INPUT_VALUE.test(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Korea time, as the instant the API takes (null for an empty input). */
export function fromKstInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 16)}:00+09:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A date and time typed in Korea time whatever the browser's zone (react-admin's DateTimeInput reads the browser's),
 * said under the field; `empty` is the value an emptied field gives (null by default).
 */
export function KstDateTimeInput({ empty = null, ...props }: DateTimeInputProps & { empty?: '' | null }) {
  return (
    <DateTimeInput
      helperText="console.time.kstInput"
      {...props}
      format={toKstInput}
      parse={(value: string) => fromKstInput(value) ?? empty}
    />
  );
}
