import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A button that opens the file chooser: a hidden file input inside the button's label. The chosen file goes to
 * `onPick`, and the input is cleared so that choosing the same file again is a new choice.
 */
export function FileButton({
  label,
  accept,
  onPick,
  inputLabel = label,
  disabled = false,
  capture,
  sx,
}: {
  label: string;
  /** The input's `accept`: MIME types or patterns, e.g. `image/*`. */
  accept: string;
  onPick: (file: File) => void;
  /** The input's accessible name, when it differs from the button's text. */
  inputLabel?: string;
  disabled?: boolean;
  /** On a phone, open this camera directly instead of the chooser. */
  capture?: 'user' | 'environment';
  sx?: SxProps<Theme>;
}) {
  return (
    <Button component="label" variant="outlined" disabled={disabled} {...(sx ? { sx } : {})}>
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        {...(capture ? { capture } : {})}
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </Button>
  );
}
