// The ja texts of ./locales.ts (the mediaProcessing texts): a module of their own so that a visitor downloads only
// the chosen language's texts before the first paint (web/vite.config.ts).
import type { mediaProcessingKo } from './locales';

export const mediaProcessingJa: typeof mediaProcessingKo = {
  pending: 'プレビュー画像を作成しています。ファイルはアップロード済みです。',
  failed: 'プレビュー画像を作成できませんでした。ファイルはそのまま使えます。',
};
