// The ja texts of ./locales.ts (the mediaProcessing texts): a module of their own so that a visitor downloads only
// the chosen language's texts before the first paint (web/vite.config.ts).
import type { mediaProcessingKo } from './locales';

export const mediaProcessingJa: typeof mediaProcessingKo = {
  pending: '再生できる形式に変換しています。まもなく見られます。',
  failed: 'このファイルは変換できませんでした。別の形式で再度アップロードしてください。',
};
