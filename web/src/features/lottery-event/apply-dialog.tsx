import { TEXT_LIMITS, type FileEntry } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/api/current-user';
import { AddressSearchButton } from '../../shared/forms/address-search';
import { CameraButton } from '../../shared/ui/camera-button';
import { postMission } from '../../shared/api/missions';
import { deleteImage, uploadImage } from './api';
import {
  applyBody,
  applyInput,
  checkApplyForm,
  checkImage,
  EMPTY_APPLY_FORM,
  type ApplyErrors,
  type ApplyForm,
} from './apply-form';
import { FileButton } from '../../shared/ui/file-button';
import { PickedFile } from '../../shared/ui/picked-file';

/**
 * The event apply modal: real name, numeric phone, story ≤ 200 with a counter, an optional image
 * ≤ 5 MB, address (Korean postcode search in Korean; elsewhere behind "Do you live in Korea?"), both terms with
 * 'agree all', the false-information warning. Phone and address come from the profile (a failed prefill is silent).
 */
export function ApplyDialog({
  productId,
  title,
  onClose,
  onApplied,
}: {
  productId: number;
  title: string;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [form, setForm] = useState<ApplyForm>(EMPTY_APPLY_FORM);
  const [errors, setErrors] = useState<ApplyErrors>({});
  const [liveInKorea, setLiveInKorea] = useState(false);
  const [file, setFile] = useState<{ name: string; entry: FileEntry | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());
  const prefilled = useRef(false);
  const korean = i18n.language === 'ko';

  useEffect(() => {
    if (prefilled.current || !user.data) return;
    prefilled.current = true;
    const { phone, address, addressDetail } = user.data;
    setForm((current) => ({
      ...current,
      phone: current.phone || applyInput.phone(phone ?? ''),
      address: current.address || (address ?? ''),
      addressDetail: current.addressDetail || (addressDetail ?? ''),
    }));
  }, [user.data]);

  const set = <K extends keyof ApplyForm>(key: K, value: ApplyForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    const field = key === 'agreePrivacy' || key === 'agreeService' ? 'terms' : key;
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (key: keyof typeof applyInput) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, applyInput[key](event.target.value)),
  });
  const error = (field: keyof ApplyErrors) => {
    const key = errors[field];
    return key ? t(`lotteryEvent.applyDialog.${key}`) : undefined;
  };

  const pick = async (picked: File) => {
    const refused = checkImage(picked);
    if (refused) {
      void showAlert(t(`lotteryEvent.applyDialog.${refused}`));
      return;
    }
    if (file?.entry) void deleteImage(file.entry.id);
    setFile({ name: picked.name, entry: null });
    try {
      const entry = await uploadImage(picked);
      setFile({ name: picked.name, entry });
    } catch {
      setFile(null);
      void showAlert(t('lotteryEvent.applyDialog.uploadFailed'));
    }
  };
  const removeFile = async () => {
    if (!file?.entry) return;
    if (await deleteImage(file.entry.id)) setFile(null);
    else void showAlert(t('lotteryEvent.applyDialog.deleteFailed'));
  };

  const submit = async () => {
    const found = checkApplyForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await postMission(applyBody(form, productId, file?.entry?.id), idempotencyKey.current);
      onClose();
      await showAlert(t('lotteryEvent.applyDialog.done'));
      onApplied();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 403) return; // the client's global handling took over
      // Failure removes the uploaded file; the server's message when it sent one.
      if (file?.entry) await deleteImage(file.entry.id);
      setFile(null);
      const reason = failure instanceof ApiError && failure.body ? failure.body.message : null;
      await showAlert(
        reason ? `${t('lotteryEvent.applyDialog.failed')} ${reason}` : t('lotteryEvent.applyDialog.retry'),
      );
    }
  };

  const allAgreed = form.agreePrivacy && form.agreeService;
  const uploading = file !== null && file.entry === null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="event-apply-title">
      <DialogTitle id="event-apply-title" sx={{ fontWeight: 800 }}>
        {t('lotteryEvent.applyDialog.title')}
        <Typography component="span" color="text.secondary" noWrap sx={{ display: 'block' }}>
          {title}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('lotteryEvent.applyDialog.realName')}
            autoComplete="name"
            required
            error={Boolean(errors.name)}
            helperText={error('name')}
            {...text('name')}
          />
          <TextField
            label={t('lotteryEvent.applyDialog.phone')}
            autoComplete="tel"
            required
            error={Boolean(errors.phone)}
            helperText={error('phone')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text('phone')}
          />
          <Box>
            <TextField label={t('lotteryEvent.applyDialog.story')} multiline minRows={3} fullWidth {...text('story')} />
            <Typography variant="caption" color="text.secondary" aria-label={t('lotteryEvent.applyDialog.counter')}>
              {form.story.length}/{TEXT_LIMITS.eventApplyStory}
            </Typography>
          </Box>
          <Box>
            {/* On a phone, the camera beside the chooser (hidden where the pointer is fine). */}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <FileButton
                label={t('lotteryEvent.applyDialog.image')}
                accept="image/*"
                disabled={uploading || busy}
                onPick={(picked) => void pick(picked)}
              />
              <CameraButton kind="image" disabled={uploading || busy} onPick={(picked) => void pick(picked)} />
            </Stack>
            {file ? (
              <PickedFile
                name={file.name}
                removeLabel={t('lotteryEvent.applyDialog.removeImage')}
                onRemove={file.entry ? () => void removeFile() : undefined}
              />
            ) : null}
            {uploading ? <LinearProgress aria-label={t('lotteryEvent.applyDialog.uploading')} sx={{ mt: 1 }} /> : null}
          </Box>
          {korean ? null : (
            <FormControlLabel
              control={<Switch checked={liveInKorea} onChange={(event) => setLiveInKorea(event.target.checked)} />}
              label={t('lotteryEvent.applyDialog.liveInKorea')}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('lotteryEvent.applyDialog.address')}
              autoComplete="street-address"
              fullWidth
              {...text('address')}
            />
            {korean || liveInKorea ? <AddressSearchButton onSelect={(address) => set('address', address)} /> : null}
          </Stack>
          <TextField label={t('lotteryEvent.applyDialog.addressDetail')} {...text('addressDetail')} />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allAgreed}
                  indeterminate={!allAgreed && (form.agreePrivacy || form.agreeService)}
                  onChange={(event) => {
                    set('agreePrivacy', event.target.checked);
                    set('agreeService', event.target.checked);
                  }}
                />
              }
              label={<strong>{t('lotteryEvent.applyDialog.agreeAll')}</strong>}
            />
            <Stack sx={{ pl: 3 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.agreePrivacy}
                    onChange={(event) => set('agreePrivacy', event.target.checked)}
                  />
                }
                label={t('lotteryEvent.applyDialog.agreePrivacy')}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.agreeService}
                    onChange={(event) => set('agreeService', event.target.checked)}
                  />
                }
                label={t('lotteryEvent.applyDialog.agreeService')}
              />
            </Stack>
            {errors.terms ? <FormHelperText error>{error('terms')}</FormHelperText> : null}
          </Box>
          <Alert severity="warning">{t('lotteryEvent.applyDialog.warning')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || uploading}>
          {t('lotteryEvent.applyDialog.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
