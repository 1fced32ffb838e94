import { TEXT_LIMITS } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { postComment } from './comments-api';
import { messageOf, useLoginGate, useRefresh } from './comment-hooks';

/** The comment (or reply) box: trimmed, non-empty, at most 200 characters with the counter. */
export function CommentBox({
  missionId,
  parentCommentId,
  onWin,
  onDone,
  inputRef,
}: {
  missionId: number;
  parentCommentId?: number;
  onWin: (coins: number) => void;
  onDone?: () => void;
  /** The text box, for the empty list's "write a comment" (./comments-panel.tsx). */
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const refresh = useRefresh(missionId);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const reply = parentCommentId !== undefined;
  const submit = async () => {
    if (busy) return;
    if (!(await gate())) return;
    if (content.trim().length === 0) {
      await showAlert(reply ? t('comments.enterReply') : t('comments.enterComment'));
      return;
    }
    setBusy(true);
    try {
      const comment = await postComment(missionId, content.trim(), parentCommentId);
      setContent('');
      refresh();
      onDone?.();
      if (comment.commentEventWin) onWin(comment.winPoint);
    } catch (error) {
      await showAlert(messageOf(error, t('comments.failed')));
    } finally {
      setBusy(false);
    }
  };
  const label = reply ? t('comments.replyPlaceholder') : t('comments.placeholder');
  return (
    <Stack spacing={1}>
      <TextField
        multiline
        minRows={reply ? 1 : 2}
        value={content}
        onChange={(event) => setContent(event.target.value.slice(0, TEXT_LIMITS.comment))}
        placeholder={label}
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: TEXT_LIMITS.comment } }}
        size="small"
        inputRef={inputRef}
      />
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" aria-label={t('comments.counter')}>
          {content.length}/{TEXT_LIMITS.comment}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {onDone ? (
          <Button size="small" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        ) : null}
        {/* aria-disabled, not disabled, while sending: a disabled button drops the focus, and the win dialog that may
            open then could not give it back to the button that sent the comment. MUI's Mui-disabled class gives it the
            disabled look (greyed, no pointer); Enter or Space while busy reaches submit, which ignores it. */}
        <Button
          size="small"
          variant="contained"
          aria-disabled={busy}
          className={busy ? 'Mui-disabled' : undefined}
          onClick={() => void submit()}
        >
          {reply ? t('comments.replySubmit') : t('comments.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
