import { formatNumber, type MissionView } from '@fanmission/contracts';
import Celebration from '@mui/icons-material/Celebration';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyActionButton } from '../../../shared/ui/list-states';
import { useCommentPages } from './comment-hooks';
import { CommentBox } from './comment-box';
import { CommentItem } from './comment-item';
import { useCurrentCommentEvent } from './comments-api';
import { formatDotDateTime } from '../../../shared/format/date';
import { useSession } from '../../../shared/session/session';
/*
 * The right panel's comments: a box with
 * a 200 counter, 5 comments a page with "more", replies on demand, the creator's icon, likes, edit and delete of one's
 * own, report and cancel, and the comment coin event's win.
 */
export function CommentsPanel({
  mission,
  writable = true,
  coinEvent = true,
}: {
  mission: MissionView;
  /** False: the comments are shown, with no box for new ones. */
  writable?: boolean;
  /** False: the comment coin event is not offered here. */
  coinEvent?: boolean;
}) {
  const { t } = useTranslation();
  const [win, setWin] = useState<number | null>(null);
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const { list, comments } = useCommentPages(mission.id);
  const { data: event } = useCurrentCommentEvent();
  const session = useSession();
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
      {/* A creator's wallet holds no coins: creators take no part, and are not invited to. */}
      {event && coinEvent && writable && session.creatorId === null ? (
        <Alert severity="info" icon={<Celebration fontSize="small" />} sx={{ mb: 1.5 }} data-testid="comment-event">
          {t('comments.eventHint', {
            title: event.title,
            probability: formatNumber(event.winProbability),
            coins: formatNumber(event.coinsPerWin),
            date: formatDotDateTime(event.endsAt),
          })}
        </Alert>
      ) : null}
      {writable ? <CommentBox missionId={mission.id} onWin={setWin} inputRef={commentInput} /> : null}
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : comments.length === 0 ? (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('discover.empty.comments')}</Typography>
          {writable ? (
            <EmptyActionButton
              action={{ label: t('discover.actions.writeComment'), onClick: () => commentInput.current?.focus() }}
            />
          ) : null}
        </Box>
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
            {t('comments.winCoins', { coins: formatNumber(win ?? 0) })}
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
