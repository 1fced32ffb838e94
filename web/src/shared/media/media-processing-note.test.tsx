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
    expect(noteFor('PENDING')).toBe('재생할 수 있는 형식으로 변환하고 있어요. 잠시 후에 볼 수 있어요.');
    await useLanguage('en');
    expect(noteFor('PENDING')).toBe('Converting into a playable format. It can be watched in a moment.');
    expect(noteFor('FAILED')).toBe('This file could not be converted. Please upload it again in another format.');
    expect(noteFor('READY')).toBeNull();
    expect(noteFor(undefined)).toBeNull();
    await useLanguage('ja');
    expect(noteFor('FAILED')).toBe('このファイルは変換できませんでした。別の形式で再度アップロードしてください。');
  });
});
