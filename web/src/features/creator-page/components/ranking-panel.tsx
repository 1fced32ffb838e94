import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { InitialsAvatar } from '../../../shared/cards/pictures';
import { useCreatorRanking } from '../api/creator-page';

/**
 * The place colours of the Top-3: gold, silver, bronze. The number shows the place; the ordered list says it to a
 * screen reader, so the badge is hidden from it.
 */
const PLACE_COLOURS = ['#b7791f', '#6b7280', '#9c4a1a'] as const;

/**
 * The creator page's ranking and Top-3 blocks: the creator's place among creators by popularity (followers + likes),
 * and the three fans who spent the most coins on his completed missions (names only, never amounts). Nothing while
 * loading or when the read failed.
 */
export function RankingPanel({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  const ranking = useCreatorRanking(creatorId).data;
  if (!ranking) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="creator-ranking-title"
      // Columns that may be narrower than their longest word: a supporter's long name is cut, the page keeps its width.
      sx={{ p: 2, borderRadius: 3, mb: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="creator-ranking-title" component="h2" variant="subtitle1" sx={{ fontWeight: 800, flex: 1 }}>
          {t('creatorPage.ranking.title')}
        </Typography>
        {/* A creator left out of the listing (adult-flagged, or not verified yet) has no place among the others. */}
        {ranking.listed ? (
          <Chip
            icon={<EmojiEvents />}
            variant="outlined"
            color={ranking.popularityRank === null ? 'default' : 'primary'}
            label={
              ranking.popularityRank === null
                ? t('creatorPage.ranking.unranked', { limit: ranking.rankLimit })
                : t('creatorPage.ranking.rank', { rank: ranking.popularityRank })
            }
          />
        ) : null}
      </Box>
      <Typography component="h3" variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('creatorPage.ranking.topSupporters')}
      </Typography>
      {ranking.topSupporters.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('creatorPage.ranking.noSupporters')}
        </Typography>
      ) : (
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
        >
          {ranking.topSupporters.map((supporter) => (
            <Box component="li" key={supporter.user.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box
                component="span"
                aria-hidden="true"
                sx={{
                  width: 28,
                  height: 28,
                  flexShrink: 0,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: PLACE_COLOURS[supporter.rank - 1],
                  color: '#fff',
                  fontWeight: 800,
                  fontSize: 14,
                }}
              >
                {supporter.rank}
              </Box>
              <InitialsAvatar
                name={supporter.user.username}
                seed={supporter.user.id}
                src={supporter.user.image?.thumbnail?.s3Url ?? supporter.user.image?.s3Url}
                size={32}
              />
              <Typography sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {supporter.user.username}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
