import { useTranslation } from 'react-i18next';
import { FileButton } from './file-button';

/**
 * "Take a photo" / "Record a video" next to a file chooser: on a phone its input opens the camera directly
 * (`capture`), while the chooser beside it keeps the gallery and the files. Hidden on devices without a coarse
 * pointer (desktops have no use for it; their browsers ignore `capture`).
 */
export function CameraButton({
  kind,
  facing = 'environment',
  disabled = false,
  onPick,
}: {
  kind: 'image' | 'video';
  /** `user`: the front camera (a selfie, a performance); `environment`: the back camera. */
  facing?: 'user' | 'environment';
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  const { t } = useTranslation();
  const label = kind === 'image' ? t('a11y.takePhoto') : t('a11y.recordVideo');
  return (
    <FileButton
      label={label}
      accept={kind === 'image' ? 'image/*' : 'video/*'}
      capture={facing}
      disabled={disabled}
      onPick={onPick}
      sx={{ '@media (pointer: fine)': { display: 'none' } }}
    />
  );
}
