// @vitest-environment jsdom
// The perform modal's upload (video, image or voice with a progress bar; anything else is an "unknown file
// format" and its upload is removed; send only with a file and a comment) and the custom settings (Save only when
// something changed), by what the creator sees, in ko, en and ja.
import type { Language, MissionView, MyCreator } from '@fanmission/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '../../../shared/api/query-provider';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { fakeUploads } from '@fanmission/tests/support/web/fake-uploads';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { CustomSettings } from './custom-settings';
import { PerformDialog } from './perform-dialog';

vi.setConfig({ testTimeout: 90_000 });

function renderWithProviders(node: ReactNode) {
  return render(
    <AppProviders i18n={i18next}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
}

const mission = {
  id: 41,
  status: 'ACCEPTED',
  user: { id: 2, username: 'fanny', image: null },
  missionProduct: { name: 'Birthday song' },
  coinPrice: 300,
  created: '2026-11-01T00:00:00.000Z',
  accepted: '2026-11-02T00:00:00.000Z',
  to: 'Mina',
  from: null,
  requestComment: 'Sing my song',
} as unknown as MissionView;

const closeAlert = async (text: string) => {
  const alert = await screen.findByRole('alertdialog');
  expect(alert.textContent).toContain(text);
  await userEvent.click(within(alert).getByRole('button'));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
};

beforeEach(() => {
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', '7');
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe.each<Language>(['ko', 'en', 'ja'])('creator mission forms in %s', (language) => {
  test('perform: an unknown format is refused when its upload is created; a video and a comment send it', async () => {
    const texts = await useLanguage(language);
    const p = texts.creatorStudio.missions.perform;
    // A PDF is refused when its upload is created (its declared type), before any byte is sent.
    const uploads = fakeUploads(() => ({ id: 71, s3Url: '/files/71', contentType: 'video/mp4' }), {
      refuse: (file) =>
        file.type === 'application/pdf' ? { status: 415, message: 'Unknown file format.' } : undefined,
    });
    const calls = serve({
      'POST /api/v1/missions/41/perform': () => json({ ...mission, id: 41, status: 'COMPLETED' }),
    });
    const onDone = vi.fn();
    renderWithProviders(<PerformDialog mission={mission} onClose={() => {}} onDone={onDone} />);
    const send = () => screen.getByRole('button', { name: p.send }) as HTMLButtonElement;
    const chooser = () => screen.getByLabelText(p.choose, { selector: 'input' });

    await userEvent.upload(chooser(), new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    await closeAlert(p.unknownFormat);
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('performed-file')).toBeNull();
    await userEvent.type(screen.getByLabelText(p.comment, { exact: false }), 'Happy birthday');
    expect(send().disabled).toBe(true);

    await userEvent.upload(chooser(), new File([new Uint8Array(8)], 'answer.mp4', { type: 'video/mp4' }));
    // Uploaded: said beside the file, by its name, with no dialog to dismiss.
    expect((await screen.findByRole('status')).textContent).toBe(`✓ ${p.uploadDone}`);
    expect(screen.getByTestId('performed-file').textContent).toBe('answer.mp4');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(uploads).toEqual(['/api/v1/files/tus', '/api/v1/files/tus']);
    expect(send().disabled).toBe(false);
    await userEvent.clear(screen.getByLabelText(p.comment, { exact: false }));
    expect(send().disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(p.comment, { exact: false }), 'Happy birthday');
    await userEvent.click(send());
    await closeAlert(p.done);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/missions/41/perform',
      body: { responseComment: 'Happy birthday', videoId: 71 },
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  test('custom settings: Save only when the switch or the minimum differs from what is stored', async () => {
    const texts = await useLanguage(language);
    const c = texts.creatorStudio.missions.custom;
    const calls = serve({ 'PUT /api/v1/creators/7': () => json({ id: 7 }) });
    const creator = { id: 7, customMission: { active: true, minimumCost: 300 } } as unknown as MyCreator;
    renderWithProviders(<CustomSettings creator={creator} />);
    const save = () => screen.getByRole('button', { name: c.save }) as HTMLButtonElement;
    const minimum = screen.getByLabelText(new RegExp(c.minimum.replace(/[()（）]/g, '.')));
    expect((minimum as HTMLInputElement).value).toBe('300');
    expect(save().disabled).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: c.available }));
    expect(save().disabled).toBe(false);
    await userEvent.click(screen.getByRole('switch', { name: c.available }));
    expect(save().disabled).toBe(true);
    await userEvent.type(minimum, '0a');
    expect((minimum as HTMLInputElement).value).toBe('3000');
    expect(save().disabled).toBe(false);
    await userEvent.click(save());
    await closeAlert(c.saved);
    expect(calls).toMatchObject([
      { method: 'PUT', path: '/api/v1/creators/7', body: { availableCustom: true, minimumCost: 3000 } },
    ]);
  });
});
