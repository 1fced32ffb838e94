import { Chip, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { useCallback } from 'react';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { CODE_FAMILIES, type CodeFamily, type CodeOf } from '../i18n/codes';

/** The i18n key of a code's label (the tables are in ../i18n/codes-*.ts). */
export const codeKey = (family: CodeFamily, code: string) => `codes.${family}.${code}`;

/** A code's label in the console's language; a code the table lacks (data newer than the console) reads as itself. */
export function useCodeLabel(): (family: CodeFamily, code: string) => string {
  const translate = useTranslate();
  return useCallback((family, code) => translate(codeKey(family, code), { _: code }), [translate]);
}

/**
 * The choices of a SelectInput or CheckboxGroupInput over a code family (all its codes, or the ones given): each
 * named by its label's key, which react-admin translates.
 */
export function codeChoices<Family extends CodeFamily>(
  family: Family,
  codes: readonly CodeOf<Family>[] = CODE_FAMILIES[family],
): { id: CodeOf<Family>; name: string }[] {
  return codes.map((id) => ({ id, name: codeKey(family, id) }));
}

export interface CodeFieldProps extends FieldProps {
  source: string;
  family: CodeFamily;
  sx?: SxProps<Theme>;
}

/** The field's own style first, then the caller's `sx`. */
const withSx = (own: SxProps<Theme>, sx: SxProps<Theme> | undefined): SxProps<Theme> => [
  ...(Array.isArray(own) ? own : [own]),
  ...(Array.isArray(sx) ? sx : [sx]),
];

/**
 * A record's code (a status, type, kind, grade…) as its label in the console's language, in a list's column or on a
 * show page: one code as text, a list of codes (roles) as chips. An unknown code shows as itself, an empty value as
 * `emptyText`. A label breaks between its words only (a narrow column split 거절됨 into 거절 and 됨).
 */
export function CodeField({ source, family, record, emptyText, sx }: CodeFieldProps) {
  const value: unknown = useFieldValue({ source, record });
  const label = useCodeLabel();
  const translate = useTranslate();
  if (Array.isArray(value)) {
    return (
      <Stack direction="row" spacing={0.5} useFlexGap sx={withSx({ flexWrap: 'wrap' }, sx)}>
        {value.map((code) => (
          <Chip key={String(code)} size="small" label={label(family, String(code))} />
        ))}
      </Stack>
    );
  }
  const text =
    value === null || value === undefined || value === ''
      ? emptyText && translate(emptyText, { _: emptyText })
      : label(family, String(value));
  return (
    <Typography component="span" variant="body2" sx={withSx({ wordBreak: 'keep-all' }, sx)}>
      {text}
    </Typography>
  );
}
