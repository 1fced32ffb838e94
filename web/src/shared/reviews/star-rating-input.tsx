import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * 1–5 stars as a native radio group in a fieldset: arrow keys move the choice, each star is a 32×32 px target, and a
 * screen reader reads "Rating, 4 stars, 4 of 5". The native inputs stay in the page (visually hidden) so the browser
 * handles focus and keys.
 */
export function StarRatingInput({
  value,
  onChange,
  invalid,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <Box
      component="fieldset"
      aria-invalid={invalid || undefined}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <Box component="legend" sx={{ p: 0, mb: 0.5, fontWeight: 700, float: 'left', mr: 1 }}>
        {t('reviews.ratingLabel')}
      </Box>
      {[1, 2, 3, 4, 5].map((stars) => {
        const on = value !== null && stars <= value;
        return (
          <Box
            key={stars}
            component="label"
            sx={{
              position: 'relative',
              width: 32,
              height: 32,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              cursor: 'pointer',
              color: on ? '#f5a623' : 'text.secondary',
              borderRadius: 1,
              '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <Box
              component="input"
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={t('reviews.star', { count: stars })}
              sx={{ position: 'absolute', inset: 0, m: 0, opacity: 0, cursor: 'pointer' }}
            />
            {on ? <Star aria-hidden /> : <StarBorder aria-hidden />}
          </Box>
        );
      })}
    </Box>
  );
}

/** A rating as stars for reading (the number is said in words). */
export function StarsShown({ rating, size = 18 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      role="img"
      aria-label={t('reviews.star', { count: rating })}
      sx={{ display: 'inline-flex', color: '#f5a623', verticalAlign: 'middle' }}
    >
      {[1, 2, 3, 4, 5].map((stars) =>
        stars <= rating ? (
          <Star key={stars} aria-hidden sx={{ fontSize: size }} />
        ) : (
          <StarBorder key={stars} aria-hidden sx={{ fontSize: size, color: 'text.disabled' }} />
        ),
      )}
    </Box>
  );
}
