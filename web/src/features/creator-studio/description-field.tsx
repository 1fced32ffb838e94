import { TEXT_LIMITS } from '@fanmission/contracts';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

/**
 * A product's or an event's description: required, several lines, with a live counter against
 * `TEXT_LIMITS.description` that turns red (and the field invalid) past it.
 */
export function DescriptionField({
  label,
  value,
  onChange,
  counter,
  counterTestId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The counter's text for a length, e.g. "12/2000". */
  counter: (length: number, max: number) => string;
  counterTestId: string;
}) {
  const theme = useTheme();
  const tooLong = value.length > TEXT_LIMITS.description;
  return (
    <TextField
      label={label}
      required
      multiline
      minRows={3}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={tooLong}
      helperText={
        <Typography
          component="span"
          variant="caption"
          data-testid={counterTestId}
          style={{ color: tooLong ? theme.palette.error.main : undefined }}
        >
          {counter(value.length, TEXT_LIMITS.description)}
        </Typography>
      }
    />
  );
}
