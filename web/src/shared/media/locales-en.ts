// The en texts of ./locales.ts (the mediaProcessing texts): a module of their own so that a visitor downloads only
// the chosen language's texts before the first paint (web/vite.config.ts).
import type { mediaProcessingKo } from './locales';

export const mediaProcessingEn: typeof mediaProcessingKo = {
  pending: 'Preparing the preview image. The file itself is already uploaded.',
  failed: 'No preview image could be made. The file itself can still be used.',
};
