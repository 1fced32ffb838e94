// @vitest-environment jsdom
// An upload whose connection dropped says so on its progress row, and that it goes on by itself once back; the next
// bytes sent take the words away. A dropped connection is tried again (also while the phone says it is offline); a
// refused file is not.
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { UploadProgress } from '../ui/upload-progress';
import { retriesAfter, type ProgressListener, type ResumableUpload } from './upload';
import { useResumableUpload } from './use-resumable-upload';

/** An upload the test drives: its progress listener, and `finish` to settle it. */
const driven: { listener?: ProgressListener; finish?: () => void } = {};

function Uploader() {
  const { progress, run, pause, resume } = useResumableUpload();
  const [started, setStarted] = useState(false);
  if (!started) {
    setStarted(true);
    void run(1000, (onProgress): ResumableUpload<null> => {
      driven.listener = onProgress;
      return {
        done: new Promise<null>((resolve) => {
          driven.finish = () => resolve(null);
        }),
        pause: () => undefined,
        resume: () => undefined,
      };
    });
  }
  return progress ? <UploadProgress state={progress} label="upload" onPause={pause} onResume={resume} /> : null;
}

describe('an upload whose connection dropped', () => {
  afterEach(() => {
    act(() => driven.finish?.());
    cleanupApp();
  });

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`${language}: says so until the next bytes go`, async () => {
      const t = await useLanguage(language);
      renderAt('/', <Route path="/" element={<Uploader />} />);
      await screen.findByTestId('upload-progress');
      act(() => driven.listener!(350, 1000));
      expect(screen.queryByText(t.upload.reconnecting)).toBeNull();
      act(() => driven.listener!.interrupted!());
      expect(screen.getByText(t.upload.reconnecting).getAttribute('role')).toBe('status');
      act(() => driven.listener!(400, 1000));
      expect(screen.queryByText(t.upload.reconnecting)).toBeNull();
    });
  }
});

test('a dropped connection, a failing server or a conflict is tried again; a refused file is not', () => {
  expect([0, 500, 502, 503, 409, 423].map(retriesAfter)).toEqual([true, true, true, true, true, true]);
  expect([400, 403, 404, 413, 415, 460].map(retriesAfter)).toEqual([false, false, false, false, false, false]);
});
