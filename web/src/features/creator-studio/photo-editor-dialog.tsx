import { CROPPER_ASPECT } from '@fanmission/contracts';
import RotateLeft from '@mui/icons-material/RotateLeft';
import RotateRight from '@mui/icons-material/RotateRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { cropImage } from './crop-image';
import { mediaKindOf } from './upload';
import { CameraButton } from '../../shared/ui/camera-button';
import { FileButton } from '../../shared/ui/file-button';

const START: { crop: Point; zoom: number; rotation: number } = { crop: { x: 0, y: 0 }, zoom: 1, rotation: 0 };

/**
 * The profile photo editor: pick an image, crop it at 9:16, rotate left/right, reset, apply or cancel
 * the crop, then confirm: `onConfirm` receives the cropped JPEG (what the frame shows when the crop was not applied).
 */
export function PhotoEditorDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (image: Blob) => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>(START.crop);
  const [zoom, setZoom] = useState(START.zoom);
  const [rotation, setRotation] = useState(START.rotation);
  const [area, setArea] = useState<Area | null>(null);
  const [cropped, setCropped] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  useEffect(() => () => void (cropped && URL.revokeObjectURL(cropped.url)), [cropped]);
  useEffect(() => {
    if (open) return;
    setSource(null);
    setCropped(null);
    reset();
  }, [open]);

  function reset() {
    setCrop(START.crop);
    setZoom(START.zoom);
    setRotation(START.rotation);
  }

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (mediaKindOf(file) !== 'image') {
      void showAlert(t('creatorStudio.profile.imagesOnly'));
      return;
    }
    setCropped(null);
    reset();
    setSource(URL.createObjectURL(file));
  };

  /** The cut the frame shows now, or null (said) when it cannot be made. */
  const cut = async (): Promise<Blob | null> => {
    if (!source || !area) return null;
    try {
      return await cropImage(source, area, rotation);
    } catch (error) {
      void showAlert(t('creatorStudio.profile.failed', { error: String(error) }));
      return null;
    }
  };

  const apply = async () => {
    const blob = await cut();
    if (blob) setCropped({ blob, url: URL.createObjectURL(blob) });
  };

  // Confirming without applying the crop first takes what the frame shows.
  const confirm = async () => {
    const blob = cropped?.blob ?? (await cut());
    if (blob) onConfirm(blob);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="photo-editor-title">
      <DialogTitle id="photo-editor-title" sx={{ fontWeight: 800 }}>
        {t('creatorStudio.photoEditor.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FileButton label={t('creatorStudio.photoEditor.choose')} accept="image/*" onPick={pick} />
          <CameraButton kind="image" facing="user" onPick={pick} />
          {cropped ? (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <img
                src={cropped.url}
                alt={t('creatorStudio.photoEditor.cropped')}
                style={{
                  width: 180,
                  aspectRatio: `${CROPPER_ASPECT.width} / ${CROPPER_ASPECT.height}`,
                  borderRadius: 12,
                }}
              />
            </Box>
          ) : source ? (
            <>
              <Box sx={{ position: 'relative', height: { xs: 320, sm: 400 }, bgcolor: '#222', borderRadius: 2 }}>
                <Cropper
                  image={source}
                  crop={crop}
                  zoom={zoom}
                  rotation={rotation}
                  aspect={CROPPER_ASPECT.width / CROPPER_ASPECT.height}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onRotationChange={setRotation}
                  onCropComplete={(_, pixels) => setArea(pixels)}
                />
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ minWidth: 48 }}>
                  {t('creatorStudio.photoEditor.zoom')}
                </Typography>
                <Slider
                  value={zoom}
                  min={1}
                  max={3}
                  step={0.1}
                  onChange={(_, value) => setZoom(value as number)}
                  aria-label={t('creatorStudio.photoEditor.zoom')}
                />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button startIcon={<RotateLeft />} onClick={() => setRotation((value) => (value - 90) % 360)}>
                  {t('creatorStudio.photoEditor.rotateLeft')}
                </Button>
                <Button startIcon={<RotateRight />} onClick={() => setRotation((value) => (value + 90) % 360)}>
                  {t('creatorStudio.photoEditor.rotateRight')}
                </Button>
                <Button onClick={reset}>{t('creatorStudio.photoEditor.reset')}</Button>
                <Button variant="contained" onClick={() => void apply()} disabled={!area}>
                  {t('creatorStudio.photoEditor.applyCrop')}
                </Button>
              </Stack>
            </>
          ) : (
            <Typography color="text.secondary">{t('creatorStudio.photoEditor.empty')}</Typography>
          )}
          {cropped ? (
            <Button onClick={() => setCropped(null)}>{t('creatorStudio.photoEditor.cancelCrop')}</Button>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('creatorStudio.photoEditor.cancel')}</Button>
        <Button variant="contained" disabled={!cropped && !(source && area)} onClick={() => void confirm()}>
          {t('creatorStudio.photoEditor.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
