import { formatNumber, type MissionComment, TEXT_LIMITS } from '@fanmission/contracts';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Verified from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { ApiError } from '../../../shared/api/client';
import { formatDotDate } from '../../../shared/format/date';
import { useSession } from '../../../shared/session/session';
import { deleteComment, editComment, likeComment, reportComment } from './comments-api';
import { messageOf, useCommentPages, useLoginGate, useRefresh } from './comment-hooks';
import { CommentBox } from './comment-box';
import { InitialsAvatar } from '../../../shared/cards/pictures';

/** The report dialog, loaded when a member first reports a comment. */
const ReportDialog = lazy(() => import('./report-dialog'));

export function CommentItem({
  missionId,
  comment,
  onWin,
}: {
  missionId: number;
  comment: MissionComment;
  onWin: (coins: number) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const gate = useLoginGate();
  const refresh = useRefresh(missionId);
  const [like, setLike] = useState({ liked: comment.liked, count: comment.likedCount });
  const [blocked, setBlocked] = useState(comment.blocked);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const own = session.userId === comment.user.id;
  const topLevel = comment.parentCommentId === null;

  const toggleLike = async () => {
    if (!(await gate())) return;
    try {
      const result = await likeComment(comment.id, !like.liked);
      setLike({ liked: result.liked, count: result.likedCount });
    } catch (error) {
      console.warn('the comment like failed', error); // Liking failures are only logged
    }
  };
  const saveEdit = async () => {
    if (draft.trim().length === 0) {
      await showAlert(t('comments.enterContent'));
      return;
    }
    try {
      await editComment(missionId, comment.id, draft.trim());
      setEditing(false);
      refresh();
      await showAlert(t('comments.edited'));
    } catch (error) {
      await showAlert(messageOf(error, t('comments.failed')));
    }
  };
  const remove = async () => {
    setConfirming(false);
    try {
      await deleteComment(missionId, comment.id);
      refresh();
      await showAlert(t('comments.deleted'));
    } catch (error) {
      await showAlert(
        error instanceof ApiError && error.status === 409
          ? "Can't Remove Comment"
          : messageOf(error, t('comments.failed')),
      );
    }
  };
  const startReport = async () => {
    if (await gate()) setReporting(true);
  };
  const reported = async (result: MissionComment) => {
    setBlocked(result.blocked);
    await showAlert(t('comments.reported'));
  };
  const cancelReport = async () => {
    if (!(await gate())) return;
    try {
      const result = await reportComment(missionId, comment.id, null);
      setBlocked(result.blocked);
      await showAlert(t('comments.reportCancelled'));
    } catch (error) {
      await showAlert(messageOf(error, t('comments.failed')));
    }
  };

  return (
    <Box component="li" sx={{ listStyle: 'none' }} aria-label={t('comments.item', { user: comment.authorName })}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <InitialsAvatar
          name={comment.authorName}
          seed={comment.user.id}
          src={comment.user.image?.thumbnail?.s3Url ?? comment.user.image?.s3Url}
          alt={comment.authorName}
          size={36}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {comment.authorName}
            </Typography>
            {comment.creator ? (
              <Verified color="primary" sx={{ fontSize: 18 }} titleAccess={t('comments.creator')} />
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {formatDotDate(comment.created)}
              {comment.edited ? ` · ${t('comments.editedMark')}` : ''}
            </Typography>
            {comment.commentEventWin ? (
              <Chip
                size="small"
                color="secondary"
                label={t('comments.winChip', { coins: formatNumber(comment.winPoint) })}
              />
            ) : null}
          </Stack>
          {editing ? (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <TextField
                multiline
                size="small"
                value={draft}
                onChange={(event) => setDraft(event.target.value.slice(0, TEXT_LIMITS.comment))}
                slotProps={{ htmlInput: { 'aria-label': t('comments.editLabel'), maxLength: TEXT_LIMITS.comment } }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="caption" color="text.secondary">
                  {draft.length}/{TEXT_LIMITS.comment}
                </Typography>
                <Box sx={{ flexGrow: 1 }} />
                <Button size="small" onClick={() => setEditing(false)}>
                  {t('common.cancel')}
                </Button>
                <Button size="small" variant="contained" onClick={() => void saveEdit()}>
                  {t('common.save')}
                </Button>
              </Stack>
            </Stack>
          ) : blocked ? (
            <Typography color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.5 }}>
              {t('comments.blockedMessage')}
            </Typography>
          ) : (
            <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', mt: 0.5 }}>{comment.content}</Typography>
          )}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <IconButton
              size="small"
              aria-pressed={like.liked}
              aria-label={like.liked ? t('comments.unlike') : t('comments.like')}
              onClick={() => void toggleLike()}
            >
              {like.liked ? <Favorite fontSize="small" color="primary" /> : <FavoriteBorder fontSize="small" />}
            </IconButton>
            <Typography variant="body2" aria-label={t('comments.likes')}>
              {like.count}
            </Typography>
            {topLevel ? (
              <Button size="small" onClick={() => void gate().then((ok) => ok && setReplying(true))}>
                {t('comments.reply')}
              </Button>
            ) : null}
            {own && !editing ? (
              <>
                <Button size="small" onClick={() => setEditing(true)}>
                  {t('comments.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => setConfirming(true)}>
                  {t('comments.delete')}
                </Button>
              </>
            ) : null}
            {!own && session.loggedIn ? (
              blocked ? (
                <Button size="small" onClick={() => void cancelReport()}>
                  {t('comments.cancelReport')}
                </Button>
              ) : (
                <Button size="small" color="warning" onClick={() => void startReport()}>
                  {t('comments.report')}
                </Button>
              )
            ) : null}
          </Stack>
          {replying ? (
            <Box sx={{ mt: 1 }}>
              <CommentBox
                missionId={missionId}
                parentCommentId={comment.id}
                onWin={onWin}
                onDone={() => {
                  setReplying(false);
                  setShowReplies(true);
                }}
              />
            </Box>
          ) : null}
          {topLevel && comment.childrenCount > 0 ? (
            <Button size="small" onClick={() => setShowReplies((shown) => !shown)}>
              {showReplies ? t('comments.hideReplies') : t('comments.showReplies', { count: comment.childrenCount })}
            </Button>
          ) : null}
          {topLevel && showReplies ? <Replies missionId={missionId} parent={comment} onWin={onWin} /> : null}
        </Box>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <Typography>{t('comments.confirmDelete')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" color="error" onClick={() => void remove()}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog
            open
            missionId={missionId}
            commentId={comment.id}
            onClose={() => setReporting(false)}
            onReported={(result) => void reported(result)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

function Replies({
  missionId,
  parent,
  onWin,
}: {
  missionId: number;
  parent: MissionComment;
  onWin: (coins: number) => void;
}) {
  const { t } = useTranslation();
  const { list, comments: replies } = useCommentPages(missionId, parent.id);
  return (
    <Stack
      spacing={1.5}
      component="ul"
      aria-label={t('comments.replies')}
      sx={{ mt: 1, pl: { xs: 1, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}
    >
      {replies.map((reply) => (
        <CommentItem key={reply.id} missionId={missionId} comment={reply} onWin={onWin} />
      ))}
      {list.hasNextPage ? (
        <Button size="small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('comments.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
