import type { CardRating as Rating } from '@fanmission/contracts';
import { useTranslation } from 'react-i18next';
import './cards.css';

/**
 * A card's review rating, compact: a star, the average and the count ("★ 4.8 (12)"), named in words for screen
 * readers. Nothing without a review. Plain markup: the landing page shows it without the component library.
 */
export function CardRating({ rating }: { rating: Rating | undefined }) {
  const { t } = useTranslation();
  if (!rating || rating.count === 0) return null;
  const average = rating.average.toFixed(1);
  return (
    <span className="fm-card-rating" role="img" aria-label={t('reviews.cardRating', { average, count: rating.count })}>
      <span aria-hidden className="fm-card-rating-star">
        ★
      </span>{' '}
      <span aria-hidden>
        {average} ({rating.count})
      </span>
    </span>
  );
}
