import {
  COMMENT_REPORT_REASONS,
  REVIEW_LIMITS,
  type CommentReportReason,
  type MissionReview,
  type ReviewSort,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../api/client';
import { formatDotDate } from '../format/date';
import { useSession } from '../session/session';
import { useReviewPages, useReviewSummary, useReviewWrite } from './api';
import { StarsShown } from './star-rating-input';

/**
 * The reviews section of a creator's page (a component of its own, beside the page's other sections): the average,
 * the count and the bars per rating, then the reviews newest or most helpful first, a page at a time. Signed-in
 * members vote a review helpful or report it; the creator replies on his own page.
 */
export function CreatorReviews({ creatorId, isOwner }: { creatorId: number; isOwner: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [sort, setSort] = useState<ReviewSort>('NEWEST');
  const summary = useReviewSummary(creatorId).data;
  const pages = useReviewPages(creatorId, sort, session.userId);
  const reviews = pages.data?.pages.flatMap((page) => page.items) ?? [];
  if (!summary) return null;
  return (
    <Box component="section" aria-labelledby="creator-reviews-title" sx={{ my: 4 }}>
      <Typography id="creator-reviews-title" variant="h5" component="h2" sx={{ mb: 1, fontWeight: 800 }}>
        {t('reviews.title')}
      </Typography>
      {summary.count === 0 || summary.average === null ? (
        <Typography color="text.secondary">{t('reviews.noReviews')}</Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 2 }}>
          <Box>
            <Typography sx={{ fontSize: 40, fontWeight: 800, lineHeight: 1 }}>{summary.average.toFixed(1)}</Typography>
            <StarsShown rating={Math.round(summary.average)} />
            <Typography variant="body2" color="text.secondary">
              {t('reviews.summary', { average: summary.average.toFixed(1), count: summary.count })}
            </Typography>
          </Box>
          <Box component="ul" aria-label={t('reviews.distribution')} sx={{ listStyle: 'none', m: 0, p: 0, flex: 1 }}>
            {summary.distribution.map((row) => (
              <Box
                component="li"
                key={row.stars}
                aria-label={t('reviews.starsRow', { stars: row.stars, count: row.count })}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, height: 24 }}
              >
                <Typography component="span" aria-hidden sx={{ width: 28, fontSize: 14 }}>
                  {row.stars}★
                </Typography>
                <LinearProgress
                  variant="determinate"
                  aria-hidden
                  value={(row.count / summary.count) * 100}
                  sx={{ flex: 1, height: 8, borderRadius: 4 }}
                />
                <Typography component="span" aria-hidden sx={{ width: 40, fontSize: 14, textAlign: 'right' }}>
                  {row.count}
                </Typography>
              </Box>
            ))}
          </Box>
        </Stack>
      )}
      {summary.count > 0 ? (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={sort}
            aria-label={t('reviews.sortLabel')}
            onChange={(_, next: ReviewSort | null) => next && setSort(next)}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="NEWEST" sx={{ minHeight: 36 }}>
              {t('reviews.sortNewest')}
            </ToggleButton>
            <ToggleButton value="HELPFUL" sx={{ minHeight: 36 }}>
              {t('reviews.sortHelpful')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} isOwner={isOwner} signedIn={session.userId !== null} />
            ))}
          </Stack>
          {pages.hasNextPage ? (
            <Button
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
              sx={{ mt: 2, minHeight: 44 }}
            >
              {t('reviews.more')}
            </Button>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

function ReviewItem({ review, isOwner, signedIn }: { review: MissionReview; isOwner: boolean; signedIn: boolean }) {
  const { t } = useTranslation();
  const write = useReviewWrite();
  const [problem, setProblem] = useState<string | null>(null);
  const onError = (error: unknown) => setProblem(failureMessage(error, t('reviews.failed')));
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', pb: 2 }}>
      <Typography component="div" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <StarsShown rating={review.rating} />
        <strong>{review.authorName}</strong>
        <Typography component="span" variant="body2" color="text.secondary">
          {formatDotDate(review.created)}
          {review.edited ? ` · ${t('reviews.edited')}` : ''}
        </Typography>
      </Typography>
      {review.content ? (
        <Typography sx={{ whiteSpace: 'pre-line', mt: 0.5, overflowWrap: 'anywhere' }}>{review.content}</Typography>
      ) : null}
      {review.reply ? (
        <Box sx={{ mt: 1, ml: 2, pl: 1.5, borderLeft: 3, borderColor: 'primary.light' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('reviews.reply')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.reply.content}</Typography>
        </Box>
      ) : isOwner ? (
        <ReplyForm reviewId={review.id} />
      ) : null}
      {signedIn && !review.own && !isOwner ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            size="small"
            variant={review.helpful ? 'contained' : 'outlined'}
            aria-pressed={review.helpful}
            onClick={() => write.mutate({ kind: 'helpful', reviewId: review.id, on: !review.helpful }, { onError })}
            sx={{ minHeight: 36 }}
          >
            {t('reviews.helpful', { count: review.helpfulCount })}
          </Button>
          <ReportButton reviewId={review.id} reported={review.reported} onError={onError} />
        </Stack>
      ) : review.helpfulCount > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('reviews.helpful', { count: review.helpfulCount })}
        </Typography>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}

/** A report with the comment report's reasons, picked from a short list. */
function ReportButton({
  reviewId,
  reported,
  onError,
}: {
  reviewId: number;
  reported: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const write = useReviewWrite();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CommentReportReason>('SPAM');
  const [detail, setDetail] = useState('');
  if (reported) {
    return (
      <Button size="small" disabled sx={{ minHeight: 36 }}>
        {t('reviews.reported')}
      </Button>
    );
  }
  if (!open) {
    return (
      <Button size="small" color="inherit" onClick={() => setOpen(true)} sx={{ minHeight: 36 }}>
        {t('reviews.report')}
      </Button>
    );
  }
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        write.mutate(
          { kind: 'report', reviewId, body: { reason, ...(detail.trim() && { detail }) } },
          { onSuccess: () => setOpen(false), onError },
        );
      }}
    >
      <TextField
        select
        size="small"
        label={t('reviews.report')}
        value={reason}
        onChange={(event) => setReason(event.target.value as CommentReportReason)}
        slotProps={{ select: { native: true } }}
      >
        {COMMENT_REPORT_REASONS.map((code) => (
          <option key={code} value={code}>
            {t(`comments.reportReasons.${code}`)}
          </option>
        ))}
      </TextField>
      {reason === 'OTHER' ? (
        <TextField size="small" label={t('reviews.words')} value={detail} onChange={(e) => setDetail(e.target.value)} />
      ) : null}
      <Button type="submit" size="small" variant="outlined" sx={{ minHeight: 36 }}>
        {t('reviews.report')}
      </Button>
    </Stack>
  );
}

function ReplyForm({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation();
  const write = useReviewWrite();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Stack
      component="form"
      spacing={1}
      sx={{ mt: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        write.mutate(
          { kind: 'reply', reviewId, content },
          { onError: (error) => setProblem(failureMessage(error, t('reviews.failed'))) },
        );
      }}
    >
      <TextField
        size="small"
        label={t('reviews.replyLabel')}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        multiline
        slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.reply } }}
      />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Button
        type="submit"
        size="small"
        variant="outlined"
        disabled={write.isPending}
        sx={{ alignSelf: 'flex-start', minHeight: 36 }}
      >
        {t('reviews.replySubmit')}
      </Button>
    </Stack>
  );
}
