// @vitest-environment jsdom
// The BASIC/LUCKY product list and its register/edit dialog, by what the creator sees and does:
// activate/inactivate only after confirming, reorder up/down, register vs edit, the cover uploaded before the product
// and deleted again when the product cannot be saved, the red description counter and the LUCKY probability rule.
import type { Language, MissionProduct } from '@fanmission/contracts';
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
import { ProductDialog } from './product-dialog';
import { ProductsPanel } from './products-panel';

vi.setConfig({ testTimeout: 90_000 });

const LANGUAGES: Language[] = ['ko', 'en', 'ja'];
const CREATOR_ID = 7;

function renderWithProviders(node: ReactNode) {
  return render(
    <AppProviders i18n={i18next}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
}

const product = (id: number, name: string, fields: Partial<MissionProduct> = {}) =>
  ({
    id,
    name,
    type: 'BASIC',
    active: true,
    coinPrice: 100,
    minimumCost: null,
    winProbability: null,
    description: `${name} description`,
    allowAttachments: false,
    alwaysPrivate: false,
    descriptionPicture: { id: 90 + id, s3Url: `/files/${90 + id}`, thumbnail: null },
    creator: { id: CREATOR_ID },
    ...fields,
  }) as unknown as MissionProduct;

/** MUI keeps a closing dialog (and the page's aria-hidden) for its exit transition. */
const dialogsClosed = () => waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());

const okAlert = async () => {
  const alert = await screen.findByRole('alertdialog');
  await userEvent.click(within(alert).getByRole('button'));
};

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', String(CREATOR_ID));
  window.localStorage.setItem('IsVerified', 'true');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:cover', revokeObjectURL: () => {} }));
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe.each(LANGUAGES)('mission products in %s', (language) => {
  test('reorders up/down and (in)activates only after the confirmation', async () => {
    const texts = await useLanguage(language);
    const p = texts.creatorStudio.missions.products;
    const first = product(1, 'Birthday song');
    const second = product(2, 'Dance', { active: false });
    let order = [first, second];
    const calls = serve({
      'GET /api/v1/mission-products': () => json(order),
      'GET /api/v1/missions/page': () => json({ content: [], totalPages: 0, totalElements: 0, size: 12, number: 0 }),
      [`PUT /api/v1/creators/${CREATOR_ID}/mission-products/1/sort/increase`]: () => {
        order = [second, first];
        return json(order);
      },
      [`PUT /api/v1/creators/${CREATOR_ID}/mission-products/1/sort/decrease`]: () => {
        order = [first, second];
        return json(order);
      },
      'PUT /api/v1/mission-products/1/inactivate': () => {
        order = order.map((row) => (row.id === 1 ? { ...row, active: false } : row));
        return json({ ...first, active: false });
      },
      'PUT /api/v1/mission-products/2/activate': () => {
        order = order.map((row) => (row.id === 2 ? { ...row, active: true } : row));
        return json({ ...second, active: true });
      },
    });
    renderWithProviders(<ProductsPanel type="BASIC" />);
    const names = async () =>
      (await screen.findAllByRole('listitem')).map((item) => within(item).getByText(/Birthday song|Dance/).textContent);
    await waitFor(async () => expect(await names()).toEqual(['Birthday song', 'Dance']));

    // The first cannot go up, the last cannot go down.
    expect((screen.getByRole('button', { name: `${p.up}: Birthday song` }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: `${p.down}: Dance` }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: `${p.down}: Birthday song` }));
    await waitFor(async () => expect(await names()).toEqual(['Dance', 'Birthday song']));
    await userEvent.click(screen.getByRole('button', { name: `${p.up}: Birthday song` }));
    await waitFor(async () => expect(await names()).toEqual(['Birthday song', 'Dance']));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      `/api/v1/creators/${CREATOR_ID}/mission-products/1/sort/increase`,
      `/api/v1/creators/${CREATOR_ID}/mission-products/1/sort/decrease`,
    ]);

    // Inactivating asks first; cancelling changes nothing.
    const firstItem = () => screen.getAllByRole('listitem')[0]!;
    await userEvent.click(within(firstItem()).getByRole('button', { name: p.inactivate }));
    expect(await screen.findByText(p.inactivateConfirm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: texts.common.cancel }));
    await dialogsClosed();
    expect(calls.some((call) => call.path.endsWith('/inactivate'))).toBe(false);
    await userEvent.click(within(firstItem()).getByRole('button', { name: p.inactivate }));
    await screen.findByText(p.inactivateConfirm);
    await userEvent.click(screen.getByRole('button', { name: texts.common.ok }));
    await dialogsClosed();
    await waitFor(() => expect(within(firstItem()).getByText(p.inactive)).toBeTruthy());
    expect(calls.filter((call) => call.path.endsWith('/inactivate'))).toHaveLength(1);

    // An inactive product offers activation, with its own question.
    const secondItem = screen.getAllByRole('listitem')[1]!;
    await userEvent.click(within(secondItem).getByRole('button', { name: p.activate }));
    expect(await screen.findByText(p.activateConfirm)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: texts.common.ok }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/mission-products/2/activate')).toHaveLength(1),
    );
  });

  test('register is off, with the reason, while a lottery event of the creator runs', async () => {
    const texts = await useLanguage(language);
    const p = texts.creatorStudio.missions.products;
    let ongoingEvent = true;
    serve({
      'GET /api/v1/mission-products': () => json([product(1, 'Birthday song')]),
      'GET /api/v1/missions/page': () => json({ content: [], totalPages: 0, totalElements: 0, size: 12, number: 0 }),
      'GET /api/v1/creators/me': () => json({ id: CREATOR_ID, ongoingEvent }),
    });
    const view = renderWithProviders(<ProductsPanel type="BASIC" />);
    expect(await screen.findByText(p.eventUnderWay)).toBeTruthy();
    expect((screen.getByRole('button', { name: p.register }) as HTMLButtonElement).disabled).toBe(true);
    view.unmount();
    ongoingEvent = false;
    renderWithProviders(<ProductsPanel type="BASIC" />);
    await screen.findByText('Birthday song');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: p.register }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByText(p.eventUnderWay)).toBeNull();
  });

  test('register: the cover is marked required, and what is missing is named beside "all required"', async () => {
    const texts = await useLanguage(language);
    const d = texts.creatorStudio.missions.dialog;
    const calls = serve({});
    renderWithProviders(
      <ProductDialog type="LUCKY" creatorId={CREATOR_ID} product={null} onClose={() => {}} onSaved={() => {}} />,
    );
    expect(screen.getByText(`${d.cover} *`)).toBeTruthy();
    // The allowed chance before any error, and what a LUCKY product earns.
    expect(screen.getByText(d.winProbabilityHelp)).toBeTruthy();
    expect(screen.getByTestId('lucky-earnings').textContent).toBe(d.luckyEarnings);
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(d.name) }), 'Roulette');
    await userEvent.click(screen.getByRole('button', { name: d.save }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `${d.required} ${d.missing.replace('{{fields}}', [d.rollPrice, d.winProbability, d.performItem, d.cover].join(', '))}`,
    );
    expect(calls).toEqual([]);
  });

  test('register: the cover is uploaded first, then the product; a refused product deletes its cover again', async () => {
    const texts = await useLanguage(language);
    const d = texts.creatorStudio.missions.dialog;
    const uploads = fakeUploads(() => ({ id: 55, s3Url: '/files/55', contentType: 'image/png' }));
    let refuse = true;
    const calls = serve({
      'POST /api/v1/mission-products': () =>
        refuse ? json({ message: 'name taken' }, 400) : json(product(9, 'Hello'), 201),
      'DELETE /api/v1/files/s3/55': () => new Response(null, { status: 204 }),
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <ProductDialog type="BASIC" creatorId={CREATOR_ID} product={null} onClose={() => {}} onSaved={onSaved} />,
    );
    expect(screen.getByRole('heading', { name: d.registerTitle })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(d.name) }), 'Hello');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(d.price.replace(/[()（）]/g, '.')) }), '12a0');
    expect(
      (screen.getByRole('textbox', { name: new RegExp(d.price.replace(/[()（）]/g, '.')) }) as HTMLInputElement).value,
    ).toBe('120');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(d.description) }), 'A greeting');
    const counter = screen.getByTestId('description-counter');
    expect(counter.textContent).toBe('10/200');
    expect(counter.style.color).toBe('');
    await userEvent.upload(
      screen.getByLabelText(d.cover, { selector: 'input' }),
      new File([new Uint8Array([1])], 'c.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: d.save }));

    const failure = await screen.findByRole('alertdialog');
    expect(failure.textContent).toContain(d.failed.replace('{{reason}}', ''));
    expect(uploads).toEqual(['/api/v1/files/tus']);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/v1/mission-products',
      'DELETE /api/v1/files/s3/55',
    ]);
    expect(calls[0]!.body).toMatchObject({
      creatorId: CREATOR_ID,
      type: 'BASIC',
      coinPrice: 120,
      descriptionPictureId: 55,
    });
    await okAlert();
    expect(onSaved).not.toHaveBeenCalled();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: d.save }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(d.created);
    await okAlert();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(uploads).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  test('edit: the stored values, the stored cover kept, PUT; the counter turns red over 200', async () => {
    const texts = await useLanguage(language);
    const d = texts.creatorStudio.missions.dialog;
    const uploads = fakeUploads(() => ({ id: 56, s3Url: '/files/56', contentType: 'image/png' }));
    const stored = product(4, 'Lucky hello', { type: 'LUCKY', coinPrice: 10, winProbability: 2.5 });
    const calls = serve({ 'PUT /api/v1/mission-products/4': ({ body }) => json({ ...stored, ...(body as object) }) });
    renderWithProviders(
      <ProductDialog type="LUCKY" creatorId={CREATOR_ID} product={stored} onClose={() => {}} onSaved={() => {}} />,
    );
    expect(screen.getByRole('heading', { name: d.editTitle })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: new RegExp(d.name) }) as HTMLInputElement).value).toBe('Lucky hello');
    const probability = screen.getByRole('spinbutton', {
      name: new RegExp(d.winProbability.replace(/[()（）%]/g, '.')),
    });
    expect((probability as HTMLInputElement).value).toBe('2.5');
    expect(probability.getAttribute('min')).toBe('0.1');
    expect(probability.getAttribute('max')).toBe('10');
    expect(probability.getAttribute('step')).toBe('0.1');

    const description = screen.getByRole('textbox', { name: new RegExp(d.performItem) });
    await userEvent.click(description);
    await userEvent.paste('x'.repeat(200 - stored.description!.length + 1));
    const counter = screen.getByTestId('description-counter');
    expect(counter.textContent).toBe('201/200');
    expect(counter.style.color).toBe('rgb(211, 47, 47)');
    await userEvent.click(screen.getByRole('button', { name: d.update }));
    expect(screen.getByRole('alert').textContent).toBe(d.tooLong.replace('{{max}}', '200'));
    await userEvent.type(description, '{backspace}');
    expect(counter.style.color).toBe('');

    for (const bad of ['0', '10.5', '2.55']) {
      await userEvent.clear(probability);
      await userEvent.type(probability, bad);
      await userEvent.click(screen.getByRole('button', { name: d.update }));
      expect(screen.getByRole('alert').textContent).toBe(d.probability);
    }
    expect(calls).toEqual([]);
    await userEvent.clear(probability);
    await userEvent.type(probability, '0.1');
    await userEvent.click(screen.getByRole('button', { name: d.update }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(d.updated);
    expect(uploads).toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /api/v1/mission-products/4']);
    expect(calls[0]!.body).toMatchObject({ winProbability: 0.1, descriptionPictureId: 94, type: 'LUCKY' });
  });
});
