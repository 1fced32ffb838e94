// @vitest-environment jsdom
import { formatNumber, type Language, type MissionView } from '@fanmission/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '../../../shared/api/query-provider';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { customSettingsChanged } from './custom-settings';
import { DecisionDialog } from './decision-dialog';
import { daysLeft, overdue } from './mission-table';
import { canSend, performFieldOf, PerformDialog } from './perform-dialog';
import { checkProduct, ProductDialog, type ProductForm } from './product-dialog';

vi.setConfig({ testTimeout: 90_000 });

const LANGUAGES: Language[] = ['ko', 'en', 'ja'];

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
  status: 'REQUESTED',
  user: { id: 2, username: 'fanny', image: null },
  missionProduct: { name: 'Custom mission' },
  coinPrice: 300,
  created: '2026-11-01T00:00:00.000Z',
  accepted: null,
  to: 'Mina',
  from: null,
  requestComment: 'Sing my song',
} as unknown as MissionView;

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

describe('product form rules', () => {
  const filled: ProductForm = {
    name: 'Hello',
    price: '100',
    description: 'A greeting',
    allowAttachments: false,
    winProbability: '2.5',
    alwaysPrivate: false,
  };
  test('everything and the cover required, description at most 200, probability 0.1–10 by 0.1', () => {
    expect(checkProduct('BASIC', filled, true)).toBeNull();
    expect(checkProduct('BASIC', filled, false)).toBe('required');
    expect(checkProduct('BASIC', { ...filled, price: '' }, true)).toBe('required');
    expect(checkProduct('BASIC', { ...filled, description: 'x'.repeat(201) }, true)).toBe('tooLong');
    expect(checkProduct('LUCKY', { ...filled, winProbability: '' }, true)).toBe('required');
    for (const bad of ['0', '0.05', '10.1', '2.55', 'abc']) {
      expect(checkProduct('LUCKY', { ...filled, winProbability: bad }, true)).toBe('probability');
    }
    for (const good of ['0.1', '0.3', '10', '7.7']) {
      expect(checkProduct('LUCKY', { ...filled, winProbability: good }, true)).toBeNull();
    }
  });

  test('deadline rows turn red after 9 days; send needs a file and a comment; custom save needs a change', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(
      overdue({ status: 'ACCEPTED', created: '2026-11-01T00:00:00Z', accepted: '2026-11-12T00:00:00Z' }, now),
    ).toBe(true);
    expect(
      overdue({ status: 'ACCEPTED', created: '2026-11-01T00:00:00Z', accepted: '2026-11-14T00:00:00Z' }, now),
    ).toBe(false);
    expect(overdue({ status: 'COMPLETED', created: '2026-01-01T00:00:00Z', accepted: null }, now)).toBe(false);
    const file = { id: 1, s3Url: '/f', contentType: 'video/mp4', thumbnail: null };
    expect(canSend(file, 'thanks', false)).toBe(true);
    expect(canSend(file, '  ', false)).toBe(false);
    expect(canSend(null, 'thanks', false)).toBe(false);
    expect(performFieldOf('image/png')).toBe('pictureId');
    expect(performFieldOf('audio/mpeg')).toBe('voiceId');
    expect(performFieldOf('application/pdf')).toBeNull();
    const stored = { active: true, minimumCost: 300 };
    expect(customSettingsChanged(stored, { active: true, minimum: '300' })).toBe(false);
    expect(customSettingsChanged(stored, { active: true, minimum: '400' })).toBe(true);
    expect(customSettingsChanged(stored, { active: false, minimum: '300' })).toBe(true);
    expect(customSettingsChanged(stored, { active: true, minimum: '' })).toBe(false);
  });

  test('the to-do list says the days left to each deadline: the decision of a request, the performance once accepted', () => {
    const now = new Date('2026-11-20T03:00:00Z');
    const due = (at: string | null, status: 'REQUESTED' | 'ACCEPTED' | 'COMPLETED') => ({
      status,
      decisionDueAt: status === 'REQUESTED' ? at : null,
      performDueAt: status === 'ACCEPTED' ? at : null,
    });
    // Korea-time calendar days, as a Korean D-day counts (now is 11.20 12:00 KST).
    expect(daysLeft(due('2026-12-20T03:00:00Z', 'REQUESTED'), now)).toBe(30);
    expect(daysLeft(due('2026-12-20T03:01:00Z', 'REQUESTED'), new Date('2026-11-20T03:05:00Z'))).toBe(30);
    expect(daysLeft(due('2026-11-23T02:00:00Z', 'ACCEPTED'), now)).toBe(3);
    expect(daysLeft(due('2026-11-20T20:00:00Z', 'ACCEPTED'), now)).toBe(1);
    expect(daysLeft(due('2026-11-20T14:59:00Z', 'ACCEPTED'), now)).toBe(0);
    expect(daysLeft(due('2026-11-20T02:59:00Z', 'ACCEPTED'), now)).toBe(-1);
    expect(daysLeft(due(null, 'COMPLETED'), now)).toBeNull();
  });
});

describe.each(LANGUAGES)('mission management forms in %s', (language) => {
  test('the product dialog lists the spec’s messages and colours the counter', async () => {
    const texts = await useLanguage(language);
    const d = texts.creatorStudio.missions.dialog;
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ProductDialog type="LUCKY" creatorId={7} product={null} onClose={() => {}} onSaved={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: d.save }));
    // "Every field is required", then what is missing by name.
    expect(screen.getByRole('alert').textContent?.startsWith(`${d.required} `)).toBe(true);
    await userEvent.click(screen.getByLabelText(new RegExp(d.name)));
    await userEvent.paste('Lucky hello');
    await userEvent.click(screen.getByLabelText(new RegExp(d.rollPrice.replace(/[()（）]/g, '.'))));
    await userEvent.paste('10');
    await userEvent.click(screen.getByLabelText(new RegExp(d.winProbability.replace(/[()（）%]/g, '.'))));
    await userEvent.paste('12');
    await userEvent.click(screen.getByLabelText(new RegExp(d.performItem)));
    await userEvent.paste('x'.repeat(201));
    const counter = screen.getByTestId('description-counter');
    expect(counter.textContent).toBe('201/200');
    expect(counter.style.color).not.toBe('');
    const cover = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:cover' }));
    await userEvent.upload(screen.getByLabelText(d.cover), cover);
    await userEvent.click(screen.getByRole('button', { name: d.save }));
    expect(screen.getByRole('alert').textContent).toBe(d.tooLong.replace('{{max}}', '200'));
    await userEvent.clear(screen.getByLabelText(new RegExp(d.performItem)));
    await userEvent.click(screen.getByLabelText(new RegExp(d.performItem)));
    await userEvent.paste('Dance');
    await userEvent.click(screen.getByRole('button', { name: d.save }));
    expect(screen.getByRole('alert').textContent).toBe(d.probability);
    expect(fetchMock).not.toHaveBeenCalled();
  }, 90_000);

  test('refusing a custom request is a step of its own that says what it does and needs a reason; accepting does not', async () => {
    const texts = await useLanguage(language);
    const m = texts.creatorStudio.missions.decision;
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 41 }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderWithProviders(<DecisionDialog mission={mission} onClose={onClose} onDone={onDone} />);
    // The price says coins.
    expect(
      screen.getByText(
        new RegExp(texts.creatorStudio.missions.products.coins.replace('{{count}}', formatNumber(mission.coinPrice))),
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.refuse }));
    expect(screen.getByText(m.refuseWarning)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.refuseConfirm }));
    expect(screen.getByText(m.reasonRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: m.back }));
    await userEvent.click(screen.getByRole('button', { name: m.accept }));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: m.acceptConfirm }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/missions/41/accept');
    expect(init.body).toBe('{}');
    // The list is refreshed while the confirmation is still open, so closing it shows the list as it now is.
    await screen.findByText(m.accepted);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('the perform modal keeps send disabled without a file and caps the comment at 200', async () => {
    const texts = await useLanguage(language);
    const p = texts.creatorStudio.missions.perform;
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(
      <PerformDialog mission={{ ...mission, status: 'ACCEPTED' }} onClose={() => {}} onDone={() => {}} />,
    );
    const send = screen.getByRole('button', { name: p.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    // The comment is marked required, and says why Send waits for it.
    const comment = screen.getByRole('textbox', { name: new RegExp(`^${p.comment}`) }) as HTMLTextAreaElement;
    expect(comment.required).toBe(true);
    expect(comment.closest('.MuiFormControl-root')?.querySelector('label')?.textContent).toMatch(/\*$/);
    expect(screen.getByText(p.commentRequired, { exact: false })).toBeTruthy();
    await userEvent.click(comment);
    await userEvent.paste('y'.repeat(250));
    expect(screen.queryByText(p.commentRequired, { exact: false })).toBeNull();
    expect((comment as HTMLTextAreaElement).value).toHaveLength(200);
    expect(screen.getByText('200/200')).toBeTruthy();
    expect(send.disabled).toBe(true);
  });
});
