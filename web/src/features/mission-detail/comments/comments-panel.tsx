import { DEFAULT_PROFILE_IMAGE, TEXT_LIMITS, type MissionComment, type MissionView } from '@fanmission/contracts';
import Celebration from '@mui/icons-material/Celebration';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Verified from '@mui/icons-material/Verified';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { ApiError } from '../../../shared/api/client';
import { formatDotDate } from '../../../shared/format/date';
import { useSession } from '../../../shared/session/session';
import { deleteComment, editComment, fetchCommentPage, likeComment, postComment, reportComment } from './comments-api';

/*
 * The right panel's comments: a box with
 * a 200 counter, 5 comments a page with "more", replies on demand, the creator's icon, likes, edit and delete of one's
 * own, report and cancel, and the comment coin event's win.
 */

const commentsKey = (missionId: number) => ['mission-comments', missionId] as const;

/** The server's message for a refused write, else the fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.message ? error.body.message : fallback;
}

/** Alerts "you must log in" and opens /login when nobody is logged in; true when the caller may go on. */
function useLoginGate() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  return async () => {
    if (session.loggedIn) return true;
    await showAlert(t('comments.mustLogin'));
    void navigate('/login');
    return false;
  };
}

function useRefresh(missionId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: commentsKey(missionId) });
    void queryClient.invalidateQueries({ queryKey: ['mission', String(missionId)] });
  };
}

export function CommentsPanel({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const session = useSession();
  const [win, setWin] = useState<number | null>(null);
  const list = useInfiniteQuery({
    queryKey: [...commentsKey(mission.id), 'top', session.userId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCommentPage(mission.id, pageParam),
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
  const comments = list.data?.pages.flatMap((page) => page.content) ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      aria-label={t('missionDetail.comments', { count: mission.commentsCount })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <ChatBubbleOutline fontSize="small" />
        <Typography sx={{ fontWeight: 700 }}>
          {t('missionDetail.comments', { count: mission.commentsCount })}
        </Typography>
      </Stack>
      <CommentBox missionId={mission.id} onWin={setWin} />
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : comments.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('comments.empty')}
        </Typography>
      ) : (
        <Stack spacing={2} sx={{ mt: 2 }} component="ul" aria-label={t('comments.list')} style={{ padding: 0 }}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} missionId={mission.id} comment={comment} onWin={setWin} />
          ))}
        </Stack>
      )}
      {list.hasNextPage ? (
        <Button fullWidth sx={{ mt: 2 }} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('comments.more')}
        </Button>
      ) : null}
      <Dialog open={win !== null} onClose={() => setWin(null)} aria-labelledby="comment-win-title">
        <DialogTitle id="comment-win-title" sx={{ textAlign: 'center', fontWeight: 800 }}>
          <Celebration color="primary" sx={{ display: 'block', mx: 'auto', fontSize: 48, mb: 1 }} />
          {t('comments.winTitle')}
        </DialogTitle>
        <DialogContent sx={{ textAlign: 'center' }}>
          <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 800, my: 1 }}>
            {t('comments.winCoins', { coins: win ?? 0 })}
          </Typography>
          <Typography color="text.secondary">{t('comments.winBody')}</Typography>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
          <Button component={RouterLink} to="/coin-history" onClick={() => setWin(null)}>
            {t('comments.winHistory')}
          </Button>
          <Button variant="contained" onClick={() => setWin(null)}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** The comment (or reply) box: trimmed, non-empty, at most 200 characters with the counter. */
function CommentBox({
  missionId,
  parentCommentId,
  onWin,
  onDone,
}: {
  missionId: number;
  parentCommentId?: number;
  onWin: (coins: number) => void;
  onDone?: () => void;
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

function CommentItem({
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
  const [confirming, setConfirming] = useState<null | 'delete' | 'report'>(null);
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
    setConfirming(null);
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
  const report = async (reported: boolean) => {
    setConfirming(null);
    if (!(await gate())) return;
    try {
      const result = await reportComment(missionId, comment.id, reported);
      setBlocked(result.blocked);
      await showAlert(reported ? t('comments.reported') : t('comments.reportCancelled'));
    } catch (error) {
      await showAlert(messageOf(error, t('comments.failed')));
    }
  };

  return (
    <Box component="li" sx={{ listStyle: 'none' }} aria-label={t('comments.item', { user: comment.user.username })}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          src={comment.user.image?.thumbnail?.s3Url ?? comment.user.image?.s3Url ?? DEFAULT_PROFILE_IMAGE}
          alt={comment.user.username}
          sx={{ width: 36, height: 36 }}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {comment.user.username}
            </Typography>
            {comment.creator ? (
              <Verified color="primary" sx={{ fontSize: 18 }} titleAccess={t('comments.creator')} />
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {formatDotDate(comment.created)}
              {comment.edited ? ` · ${t('comments.editedMark')}` : ''}
            </Typography>
            {comment.commentEventWin ? (
              <Chip size="small" color="secondary" label={t('comments.winChip', { coins: comment.winPoint })} />
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
                <Button size="small" color="error" onClick={() => setConfirming('delete')}>
                  {t('comments.delete')}
                </Button>
              </>
            ) : null}
            {!own && session.loggedIn ? (
              blocked ? (
                <Button size="small" onClick={() => void report(false)}>
                  {t('comments.cancelReport')}
                </Button>
              ) : (
                <Button size="small" color="warning" onClick={() => setConfirming('report')}>
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
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogContent>
          <Typography>{confirming === 'delete' ? t('comments.confirmDelete') : t('comments.confirmReport')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            color={confirming === 'delete' ? 'error' : 'warning'}
            onClick={() => void (confirming === 'delete' ? remove() : report(true))}
          >
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
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
  const session = useSession();
  const list = useInfiniteQuery({
    queryKey: [...commentsKey(missionId), 'replies', parent.id, session.userId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCommentPage(missionId, pageParam, parent.id),
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
  const replies = list.data?.pages.flatMap((page) => page.content) ?? [];
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
