import {
  COMMENT_REPORT_DETAIL_MAX,
  COMMENT_REPORT_REASONS,
  type CommentReportReason,
  type MissionComment,
} from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportComment } from './comments-api';
import { messageOf } from './comment-hooks';

/**
 * Reporting a comment: the member picks why (spam, abuse, sexual content, personal information, other) and may add
 * what is wrong in his words (required for "other", 200 characters at most); the operator reads both, and the member
 * is told the outcome. Loaded when a member first reports (`comment-item.tsx`): the mission page does not carry it.
 */
export default function ReportDialog({
  open,
  missionId,
  commentId,
  onClose,
  onReported,
}: {
  open: boolean;
  missionId: number;
  commentId: number;
  onClose: () => void;
  onReported: (comment: MissionComment) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState<CommentReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; detail?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  const close = () => {
    setReason(null);
    setDetail('');
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const words = detail.trim();
    if (reason === null) return setErrors({ reason: t('comments.reportReasonRequired') });
    if (reason === 'OTHER' && words.length === 0) return setErrors({ detail: t('comments.reportDetailRequired') });
    setSending(true);
    try {
      const comment = await reportComment(missionId, commentId, { reason, ...(words && { detail: words }) });
      close();
      onReported(comment);
    } catch (error) {
      setErrors({ form: messageOf(error, t('comments.failed')) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('comments.reportTitle')}</DialogTitle>
      <DialogContent>
        <FormControl error={errors.reason !== undefined} fullWidth>
          <FormLabel id={`${titleId}-reason`}>{t('comments.reportReason')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-reason`}
            value={reason ?? ''}
            onChange={(_, value) => {
              setReason(value as CommentReportReason);
              setErrors({});
            }}
          >
            {COMMENT_REPORT_REASONS.map((code) => (
              <FormControlLabel
                key={code}
                value={code}
                control={<Radio />}
                label={t(`comments.reportReasons.${code}`)}
              />
            ))}
          </RadioGroup>
          {errors.reason && <FormHelperText>{errors.reason}</FormHelperText>}
        </FormControl>
        <TextField
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={reason === 'OTHER' ? t('comments.reportDetailRequiredLabel') : t('comments.reportDetail')}
          value={detail}
          onChange={(event) => {
            setDetail(event.target.value.slice(0, COMMENT_REPORT_DETAIL_MAX));
            setErrors({});
          }}
          error={errors.detail !== undefined}
          helperText={errors.detail ?? `${detail.length}/${COMMENT_REPORT_DETAIL_MAX}`}
          slotProps={{ htmlInput: { maxLength: COMMENT_REPORT_DETAIL_MAX } }}
        />
        {errors.form && (
          <FormHelperText error role="alert">
            {errors.form}
          </FormHelperText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={sending} onClick={() => void submit()}>
          {t('comments.report')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
