import { DARK_TEXT_COLOUR, HEX_COLOUR_PATTERN, hexColour, readableTextColour } from '@fanmission/contracts';
import { Box, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDataConsumer, useInput, useTranslate } from 'react-admin';

/** A popup's values the preview shows, as the form holds them. */
interface PopupFormValues {
  title?: string;
  linkTextLoggedOn?: string;
  linkTextLoggedOff?: string;
  linkBackgroundColor?: string;
  linkTextColor?: string;
}

const FORM_BLACK = '#000000';
const FORM_WHITE = '#FFFFFF';

/**
 * A button colour: its hex text (as the API takes it, `#5B3CC4` or `#FFF`) beside the browser's colour picker, which
 * writes the six-digit form.
 */
export function ColourInput({ source, defaultValue }: { source: string; defaultValue: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<string>({ source, defaultValue });
  const label = translate(`resources.popups.fields.${source}`);
  const value = field.value ?? '';
  const error = fieldState.error?.message;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <TextField
        {...field}
        value={value}
        label={label}
        size="small"
        error={Boolean(error)}
        helperText={error ? translate(error, { _: error }) : undefined}
        slotProps={{ htmlInput: { spellCheck: false, maxLength: 7 } }}
      />
      <Box
        component="input"
        type="color"
        value={HEX_COLOUR_PATTERN.test(value) ? hexColour(value, FORM_BLACK).toLowerCase() : FORM_BLACK}
        aria-label={translate('console.popups.pickColour', { field: label })}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value.toUpperCase())}
        sx={{ width: 48, height: 40, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, cursor: 'pointer' }}
      />
    </Stack>
  );
}

/**
 * The popup as the web app shows it, live as the operator types: the title, the picture (at most half the window
 * high), the link's button in its colours with the text colour fans really see (the web's own black or white where the
 * chosen one does not read, as the note above says), and the dialog's two buttons; for a member or a visitor.
 */
export function PopupPreview({ pictureUrl }: { pictureUrl: string | null }) {
  return (
    <FormDataConsumer<PopupFormValues>>
      {({ formData }) => <Preview values={formData} pictureUrl={pictureUrl} />}
    </FormDataConsumer>
  );
}

function Preview({ values, pictureUrl }: { values: PopupFormValues; pictureUrl: string | null }) {
  const translate = useTranslate();
  const [audience, setAudience] = useState<'loggedOff' | 'loggedOn'>('loggedOff');
  const linkText = audience === 'loggedOn' ? values.linkTextLoggedOn : values.linkTextLoggedOff;
  const valid = (colour: string | undefined, fallback: string) =>
    colour && HEX_COLOUR_PATTERN.test(colour) ? hexColour(colour, fallback) : fallback;
  const background = valid(values.linkBackgroundColor, FORM_BLACK);
  const text = readableTextColour(valid(values.linkTextColor, FORM_WHITE), background, DARK_TEXT_COLOUR);
  return (
    <Box component="section" aria-labelledby="popup-preview-title" sx={{ mb: 2, width: '100%', maxWidth: 444 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="popup-preview-title" variant="subtitle2" component="h2">
          {translate('console.popups.preview')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={audience}
          onChange={(_, next: 'loggedOff' | 'loggedOn' | null) => next && setAudience(next)}
          aria-label={translate('console.popups.previewFor')}
        >
          <ToggleButton value="loggedOff">{translate('console.popups.previewLoggedOff')}</ToggleButton>
          <ToggleButton value="loggedOn">{translate('console.popups.previewLoggedOn')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Paper
        variant="outlined"
        data-testid="popup-preview"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography sx={{ fontWeight: 800, fontSize: 20, overflowWrap: 'anywhere' }}>
          {values.title || translate('console.popups.previewNoTitle')}
        </Typography>
        {pictureUrl && (
          <Box
            component="img"
            src={pictureUrl}
            alt=""
            sx={{ width: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 2 }}
          />
        )}
        {linkText ? (
          <Box
            data-testid="popup-preview-link"
            sx={{
              bgcolor: background,
              color: text,
              borderRadius: 1,
              py: 1,
              textAlign: 'center',
              fontWeight: 500,
              overflowWrap: 'anywhere',
            }}
          >
            {linkText}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('console.popups.previewNoLink')}
          </Typography>
        )}
        {/* The dialog's own buttons, as words: nothing here is to be clicked. */}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="button" color="text.secondary">
            {translate('console.popups.previewNotToday')}
          </Typography>
          <Typography variant="button" color="primary">
            {translate('console.popups.previewClose')}
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
