import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { httpClient } from '../data-provider';

/**
 * The popup's picture: uploads the chosen image at once (`POST /api/admin/popups/images`, the console's own upload) and
 * keeps its id in `webImageId`; shows the picture the popup has, or the one just uploaded; "remove" leaves the popup
 * without one.
 */
export function PopupImageInput() {
  const record = useRecordContext<{ webImageId?: number | null; webImage?: { s3Url: string } | null }>();
  const { field } = useInput<number | null>({ source: 'webImageId', defaultValue: null });
  const translate = useTranslate();
  const notify = useNotify();
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const shownUrl =
    field.value === null || field.value === undefined
      ? null
      : (uploadedUrl ?? (field.value === record?.webImageId ? (record?.webImage?.s3Url ?? null) : null));
  const label = translate('resources.popups.fields.webImage');

  const upload = async (file: File) => {
    setPending(true);
    try {
      const body = new FormData();
      body.append('image', file, file.name);
      const { json } = await httpClient('/api/admin/popups/images', { method: 'POST', body });
      const entry = json as { id: number; s3Url: string };
      setUploadedUrl(entry.s3Url);
      field.onChange(entry.id);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
        {label}
      </Typography>
      {shownUrl ? (
        <Box
          component="img"
          src={shownUrl}
          alt={label}
          data-testid="popup-image-preview"
          sx={{ display: 'block', maxWidth: '100%', width: 240, mb: 1, border: 1, borderColor: 'divider' }}
        />
      ) : (
        <FormHelperText sx={{ mb: 1 }}>{translate('console.popups.noImage')}</FormHelperText>
      )}
      <Stack direction="row" spacing={1}>
        <Button component="label" size="small" variant="outlined" disabled={pending}>
          {translate('console.popups.upload')}
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label={translate('console.popups.upload')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Button>
        {shownUrl && (
          <Button
            size="small"
            color="error"
            onClick={() => {
              setUploadedUrl(null);
              field.onChange(null);
            }}
          >
            {translate('console.popups.removeImage')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
