import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A picked file's name on one line, cut with an ellipsis when long, and its remove button once the upload is stored
 * (`onRemove` absent while it is still uploading).
 */
export function PickedFile({
  name,
  removeLabel,
  onRemove,
}: {
  name: string;
  removeLabel: string;
  onRemove: (() => void) | undefined;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
      <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
        {name}
      </Typography>
      {onRemove ? (
        <Button size="small" onClick={onRemove}>
          {removeLabel}
        </Button>
      ) : null}
    </Stack>
  );
}
