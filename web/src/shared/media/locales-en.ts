// The en texts of ./locales.ts (the mediaProcessing texts): a module of their own so that a visitor downloads only
// the chosen language's texts before the first paint (web/vite.config.ts).
import type { mediaProcessingKo } from './locales';

export const mediaProcessingEn: typeof mediaProcessingKo = {
  pending: 'Converting into a playable format. It can be watched in a moment.',
  failed: 'This file could not be converted. Please upload it again in another format.',
};
