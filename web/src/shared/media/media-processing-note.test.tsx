// @vitest-environment jsdom
// Video and audio details are taken after the upload; the file shows a note while pending or failed.
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MediaProcessingNote } from './media-processing-note';

function noteFor(processing: 'PENDING' | 'READY' | 'FAILED' | undefined): string | null {
  renderAt('/', <Route path="/" element={<MediaProcessingNote file={{ processing }} />} />);
  const text = screen.queryByTestId('media-processing-note')?.textContent ?? null;
  cleanupApp();
  return text;
}

describe('media processing note', () => {
  afterEach(() => cleanupApp());

  test('says pending or failed in each language, and nothing once ready', async () => {
    await useLanguage('ko');
    expect(noteFor('PENDING')).toBe('미리보기 이미지를 만들고 있어요. 파일은 이미 올라갔어요.');
    await useLanguage('en');
    expect(noteFor('PENDING')).toBe('Preparing the preview image. The file itself is already uploaded.');
    expect(noteFor('FAILED')).toBe('No preview image could be made. The file itself can still be used.');
    expect(noteFor('READY')).toBeNull();
    expect(noteFor(undefined)).toBeNull();
    await useLanguage('ja');
    expect(noteFor('FAILED')).toBe('プレビュー画像を作成できませんでした。ファイルはそのまま使えます。');
  });
});
