// @vitest-environment jsdom
// The creator's request settings: he pauses with a return day and a message and caps a product; the save sends the
// whole setting, and a refused value shows the server's message under its field.
import type { CreatorCapacity } from '@fanmission/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CapacitySettings } from './capacity-settings';

const stored: CreatorCapacity = {
  paused: false,
  pausedNow: false,
  returnOn: null,
  pauseMessage: null,
  maxOpenRequests: null,
  openRequests: 3,
  products: [
    { productId: 11, name: 'Birthday song', type: 'BASIC', active: true, maxOpenRequests: null, openRequests: 2 },
  ],
};

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

describe('the request settings', () => {
  test('save the pause with its return day and message, and a product cap', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    const calls = serve({
      'PUT /api/v1/creators/7/capacity': () => json({ ...stored, paused: true, pausedNow: true }),
    });
    renderAt('/s', <Route path="/s" element={<CapacitySettings creatorId={7} stored={stored} />} />);

    await user.click(screen.getByRole('switch', { name: t.capacity.settings.pause }));
    fireEvent.change(screen.getByLabelText(t.capacity.settings.returnOn), { target: { value: '2030-12-05' } });
    await user.type(screen.getByRole('textbox', { name: t.capacity.settings.message }), '잠시 쉬어가요');
    await user.type(
      screen.getByRole('textbox', { name: t.capacity.settings.productCap.replace('{{name}}', 'Birthday song') }),
      '10',
    );
    await user.click(screen.getByRole('button', { name: t.capacity.settings.save }));

    expect(await screen.findByText(t.capacity.settings.saved)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      paused: true,
      returnOn: '2030-12-05',
      pauseMessage: '잠시 쉬어가요',
      maxOpenRequests: null,
      productCaps: [{ productId: 11, maxOpenRequests: 10 }],
    });
    await user.click(screen.getByRole('button', { name: t.common.ok }));
  });

  test('show a refused cap’s message under its field', async () => {
    const t = await useLanguage('en');
    const user = userEvent.setup();
    serve({
      'PUT /api/v1/creators/7/capacity': () =>
        json(
          {
            message: 'The request has invalid values.',
            status: 400,
            subErrors: [{ field: 'maxOpenRequests', message: 'A request cap must be a whole number from 1 to 1000.' }],
          },
          400,
        ),
    });
    renderAt('/s', <Route path="/s" element={<CapacitySettings creatorId={7} stored={stored} />} />);

    await user.type(screen.getByRole('textbox', { name: t.capacity.settings.maxOpen }), '0');
    await user.click(screen.getByRole('button', { name: t.capacity.settings.save }));

    await waitFor(() => expect(screen.getByText('A request cap must be a whole number from 1 to 1000.')).toBeTruthy());
  });
});
