import {
  contrastRatio,
  DARK_TEXT_COLOUR,
  HEX_COLOUR_PATTERN,
  hexColour,
  MIN_TEXT_CONTRAST,
  readableTextColour,
} from '@fanmission/contracts';
import { Alert } from '@mui/material';
import { FormDataConsumer, useTranslate } from 'react-admin';

/**
 * Under a popup's button colours: when the chosen text colour does not read on the chosen button colour, the web app
 * shows its own black or white instead (web/src/shared/popups/popup-dialog.tsx); this says so before the operator
 * saves, with the contrast and the colour fans will see.
 */
export function PopupColourNote() {
  return (
    <FormDataConsumer<{ linkBackgroundColor?: string; linkTextColor?: string }>>
      {({ formData }) => <ColourNote background={formData.linkBackgroundColor} text={formData.linkTextColor} />}
    </FormDataConsumer>
  );
}

function ColourNote({ background, text }: { background?: string; text?: string }) {
  const translate = useTranslate();
  if (!background || !text || !HEX_COLOUR_PATTERN.test(background) || !HEX_COLOUR_PATTERN.test(text)) return null;
  const button = hexColour(background, background);
  const chosen = hexColour(text, text);
  const ratio = contrastRatio(chosen, button);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, maxWidth: 560 }} data-testid="popup-colour-note">
      {translate('console.popups.colourNote', {
        ratio: ratio.toFixed(1),
        minimum: MIN_TEXT_CONTRAST,
        shown: readableTextColour(chosen, button, DARK_TEXT_COLOUR).toUpperCase(),
      })}
    </Alert>
  );
}
