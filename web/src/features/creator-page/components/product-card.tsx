import type { MissionProduct } from '@fanmission/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardRating } from '../../../shared/cards/card-rating';
import { placeholderThumbnail } from '../../../shared/cards/media';
import { CardImage } from '../../../shared/cards/pictures';

/**
 * A mission product: one card is chosen at a time and only the chosen one has the request button; the others offer
 * to choose them (never a request button that looks unavailable), and the chosen one says so on its cover. Under its
 * name, its reviews' average and count (none without a review). Its cover keeps the covers' 16:9 (shown whole, on the
 * product's colour while it loads or where its shape differs) and the card is as tall as its text; in a row of the
 * grid the cards are as tall as the tallest, with the request button at the bottom.
 */
export function ProductCard({
  product,
  selected,
  onSelect,
  showRequest,
  onRequest,
  blockedReason = null,
}: {
  product: MissionProduct;
  selected: boolean;
  onSelect: () => void;
  showRequest: boolean;
  onRequest: () => void;
  /** Why the product cannot be requested now (the creator's pause or a full cap): the request button says it, disabled. */
  blockedReason?: string | null;
}) {
  const { t } = useTranslation();
  const cover = product.descriptionPicture;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={product.name}
      aria-current={selected ? 'true' : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        borderRadius: 3,
        overflow: 'hidden',
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: 2,
        position: 'relative',
      }}
    >
      {selected ? (
        // Over the cover, outside the card's button: the button's name stays the product's.
        <Chip
          icon={<CheckCircle />}
          label={t('creatorPage.chosen')}
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: 8, left: 8, zIndex: 1, pointerEvents: 'none' }}
        />
      ) : null}
      <CardActionArea
        onClick={onSelect}
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardImage
          src={cover ? (cover.thumbnail?.s3Url ?? cover.s3Url) : placeholderThumbnail(product.id)}
          seed={product.id}
          ratio="16 / 9"
          fit="contain"
        />
        <Box sx={{ p: 2, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography sx={{ fontWeight: 700 }}>{product.name}</Typography>
          <CardRating rating={product.rating ?? undefined} />
          <Typography color="primary" sx={{ fontWeight: 700 }}>
            {product.type === 'CUSTOM'
              ? t('creatorPage.minimumCost', { count: product.minimumCost ?? 0 })
              : t('creatorPage.price', { count: product.coinPrice ?? 0 })}
          </Typography>
          {product.type === 'LUCKY' && product.winProbability !== null ? (
            <Typography variant="body2" color="text.secondary">
              {t('creatorPage.winProbability', { value: product.winProbability })}
            </Typography>
          ) : null}
          {product.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {product.description}
            </Typography>
          ) : null}
        </Box>
      </CardActionArea>
      {showRequest ? (
        <Box sx={{ px: 2, pb: 2 }}>
          {selected && blockedReason !== null ? (
            <Button fullWidth variant="contained" disabled>
              {blockedReason}
            </Button>
          ) : selected ? (
            <Button fullWidth variant="contained" onClick={onRequest}>
              {t('creatorPage.request')}
            </Button>
          ) : (
            // Named by its text alone: the card's region names the product.
            <Button fullWidth variant="outlined" onClick={onSelect}>
              {t('creatorPage.choose')}
            </Button>
          )}
        </Box>
      ) : null}
    </Paper>
  );
}
