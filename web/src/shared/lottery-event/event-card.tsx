import type { LotteryEvent } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { placeholderThumbnail, placeholderTint } from '../cards/media';
import { BADGE_COLOR, eventBadge, monthDay } from './event-status';

/** What a card needs of an EVENT mission product (the product of lists, or `eventProduct` of a creator). */
export interface EventCardProduct {
  id: number;
  name?: string;
  descriptionPicture?: { s3Url: string; thumbnail?: { s3Url: string } | null } | null;
  creator?: { id: number; name: string } | null;
  event?: LotteryEvent | null;
}

/**
 * A lottery event card (browse-missions events tab, creator page, mission detail): cover, status badge,
 * title, period MM/DD and counts; opens `/lottery-event/{id}`. `compact` lays it out in a row. The link is named by
 * its visible text (the "event" chip first, then the title): a name of its own would not contain what is seen, which
 * voice control users say to follow it (WCAG 2.5.3, axe-core's label-content-name-mismatch).
 */
export function LotteryEventCard({ product, compact = false }: { product: EventCardProduct; compact?: boolean }) {
  const { t } = useTranslation();
  const event = product.event ?? null;
  const cover = product.descriptionPicture?.thumbnail?.s3Url ?? product.descriptionPicture?.s3Url ?? null;
  const title = event?.title ?? product.name ?? t('lotteryEvent.card.label');
  const badge = event ? eventBadge(event) : null;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden', mb: compact ? 2 : 0 }}>
      <CardActionArea
        component={RouterLink}
        to={`/lottery-event/${product.id}`}
        sx={{ display: 'flex', flexDirection: compact ? 'row' : 'column', alignItems: 'stretch' }}
      >
        <Box
          role="presentation"
          sx={{
            flexShrink: 0,
            width: compact ? 96 : '100%',
            aspectRatio: compact ? '1 / 1' : '4 / 3',
            maxHeight: compact ? 96 : 220,
            bgcolor: placeholderTint(product.id),
            backgroundImage: `url(${cover ?? placeholderThumbnail(product.id)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ p: 2, minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" variant="outlined" label={t('lotteryEvent.card.label')} />
            {badge ? <Chip size="small" color={BADGE_COLOR[badge]} label={t(`lotteryEvent.status.${badge}`)} /> : null}
          </Stack>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {product.creator ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {product.creator.name}
            </Typography>
          ) : null}
          {event ? (
            <Typography variant="body2" color="text.secondary">
              {t('lotteryEvent.period', { start: monthDay(event.applyStart), end: monthDay(event.applyEnd) })}
              {' · '}
              {t('lotteryEvent.drawNumber', { count: event.drawNumber })}
            </Typography>
          ) : null}
        </Box>
      </CardActionArea>
    </Paper>
  );
}

/** The creator page's and mission detail's card: nothing without an event product. */
export function LotteryEventCardOrNothing({ product }: { product: EventCardProduct | null | undefined }) {
  return product ? <LotteryEventCard product={product} compact /> : null;
}
