import type { MissionProduct } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { placeholderThumbnail, placeholderTint } from '../../../shared/cards/media';

/** A mission product: selecting it enables its request button. */
export function ProductCard({
  product,
  selected,
  onSelect,
  showRequest,
  onRequest,
}: {
  product: MissionProduct;
  selected: boolean;
  onSelect: () => void;
  showRequest: boolean;
  onRequest: () => void;
}) {
  const { t } = useTranslation();
  const cover = product.descriptionPicture;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={product.name}
      aria-current={selected ? 'true' : undefined}
      sx={{ borderRadius: 3, overflow: 'hidden', borderColor: selected ? 'primary.main' : undefined, borderWidth: 2 }}
    >
      <CardActionArea onClick={onSelect}>
        <Box
          sx={{
            height: 200,
            bgcolor: placeholderTint(product.id),
            backgroundImage: `url(${cover ? (cover.thumbnail?.s3Url ?? cover.s3Url) : placeholderThumbnail(product.id)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{product.name}</Typography>
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
          <Button fullWidth variant="contained" disabled={!selected} onClick={onRequest}>
            {t('creatorPage.request')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
