import { type BestComment } from '@fanmission/contracts';
import Favorite from '@mui/icons-material/Favorite';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../shared/api/client';
import { InitialsAvatar } from '../../shared/cards/pictures';

async function fetchBestComments(): Promise<BestComment[]> {
  try {
    return (await api<BestComment[]>('/mission-comments/best-3')).data;
  } catch (error) {
    console.warn('best comments could not be loaded', error);
    return [];
  }
}

/** The week's three most-liked comments (`GET /mission-comments/best-3`), each opening its mission. */
export function BestComments() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['best-comments'], queryFn: fetchBestComments });
  const comments = query.data ?? [];
  if (comments.length === 0) return null;
  return (
    <Box component="section" aria-label={t('comments.bestTitle')} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
        {t('comments.bestTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {comments.map((comment, index) => {
          const creator = comment.mission.creator;
          return (
            <Paper key={comment.id} variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
              <CardActionArea
                component={RouterLink}
                to={`/mission-detail/${comment.mission.id}`}
                sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%' }}
              >
                <Box
                  role="img"
                  aria-label={creator.name}
                  sx={{
                    width: 84,
                    flexShrink: 0,
                    bgcolor: '#f1e6ea',
                    backgroundImage: comment.mission.thumbnail ? `url(${comment.mission.thumbnail.s3Url})` : 'none',
                    backgroundSize: 'cover',
                    backgroundPosition: 'center',
                  }}
                />
                <Stack spacing={0.5} sx={{ p: 1.5, minWidth: 0, flexGrow: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 800 }} color="primary">
                      {index + 1}
                    </Typography>
                    <InitialsAvatar
                      name={creator.name}
                      seed={creator.id}
                      src={creator.user.image?.thumbnail?.s3Url ?? creator.user.image?.s3Url}
                      size={22}
                    />
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {creator.name}
                    </Typography>
                  </Stack>
                  <Typography
                    sx={{
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                      wordBreak: 'break-word',
                    }}
                  >
                    {comment.content}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Typography variant="caption" color="text.secondary" noWrap sx={{ flexGrow: 1 }}>
                      {comment.authorName}
                    </Typography>
                    <Favorite sx={{ fontSize: 14 }} color="primary" />
                    <Typography variant="caption" aria-label={t('comments.bestLikes')}>
                      {comment.likedCount}
                    </Typography>
                  </Stack>
                </Stack>
              </CardActionArea>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
