import { REVIEW_LIMITS, type MissionReview } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../api/client';
import { formatDotDate } from '../format/date';
import { useSession } from '../session/session';
import { useMissionReview, useReviewWrite } from './api';
import { StarRatingInput, StarsShown } from './star-rating-input';

/**
 * The review box of an answered mission: its requester rates it (once, within the days allowed) and edits it for a
 * week; everybody who may see the mission reads the review and the creator's reply. Nothing when there is neither.
 */
export function MissionReviewPanel({ missionId }: { missionId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useMissionReview(missionId, session.userId).data;
  const [editing, setEditing] = useState(false);
  if (!state || (!state.review && !state.canReview)) return null;
  const review = state.review;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mission-review-title" sx={{ p: 2 }}>
      <Typography id="mission-review-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {review ? t('reviews.title') : t('reviews.rateTitle')}
      </Typography>
      {review && !editing ? (
        <ReviewShown review={review} onEdit={state.canEdit ? () => setEditing(true) : undefined} />
      ) : (
        <ReviewForm
          missionId={missionId}
          review={review}
          until={state.reviewableUntil}
          onDone={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}

function ReviewShown({ review, onEdit }: { review: MissionReview; onEdit: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography component="div">
        <StarsShown rating={review.rating} /> {review.own ? t('reviews.yourReview') : review.authorName}
        {review.edited ? ` · ${t('reviews.edited')}` : ''}
      </Typography>
      {review.content ? <Typography sx={{ whiteSpace: 'pre-line' }}>{review.content}</Typography> : null}
      {review.reply ? (
        <Alert icon={false} severity="info">
          <strong>{t('reviews.reply')}</strong>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{review.reply.content}</Typography>
        </Alert>
      ) : null}
      {onEdit ? (
        <Button onClick={onEdit} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          {t('reviews.edit')}
        </Button>
      ) : null}
    </Stack>
  );
}

function ReviewForm({
  missionId,
  review,
  until,
  onDone,
}: {
  missionId: number;
  review: MissionReview | null;
  until: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [content, setContent] = useState(review?.content ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const write = useReviewWrite();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setProblem(t('reviews.chooseRating'));
      return;
    }
    setProblem(null);
    write.mutate(
      { kind: review ? 'edit' : 'create', missionId, body: { rating, content } },
      {
        onSuccess: onDone,
        onError: (error) => setProblem(failureMessage(error, t('reviews.failed'))),
      },
    );
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      {until && !review ? (
        <Typography variant="body2" color="text.secondary">
          {t('reviews.rateHint', { date: formatDotDate(until) })}
        </Typography>
      ) : null}
      <StarRatingInput value={rating} onChange={setRating} invalid={problem !== null && rating === null} />
      <TextField
        label={t('reviews.words')}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.content } }}
        helperText={t('reviews.wordsHelp', { count: content.length, max: REVIEW_LIMITS.content })}
      />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={write.isPending} sx={{ minHeight: 44 }}>
          {review ? t('reviews.save') : t('reviews.submit')}
        </Button>
        {review ? (
          <Button onClick={onDone} sx={{ minHeight: 44 }}>
            {t('reviews.cancel')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
