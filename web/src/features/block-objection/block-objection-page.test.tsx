// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { BlockObjectionPage } from './block-objection-page';

/** Answers each call with the next (status, body); records what was sent. */
function answer(...replies: Array<[number, unknown]>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input), 'http://localhost').pathname, body: JSON.parse(String(init?.body)) });
    const [status, body] = replies.shift() ?? [500, { message: 'unexpected', status: 500 }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

const page = <Route path="/block-objection" element={<BlockObjectionPage />} />;

describe('objection to a login block (/block-objection)', () => {
  test('every field is required; nothing is sent until they are filled', async () => {
    const t = await useLanguage('ja');
    const calls = answer();
    const user = userEvent.setup();
    renderAt('/block-objection', page);
    await user.click(screen.getByRole('button', { name: t.blockObjection.submit }));
    await waitFor(() => expect(screen.getAllByText(t.validation.required)).toHaveLength(3));
    expect(calls).toEqual([]);
    // Editing a field removes its message until the next submit.
    await user.type(screen.getByLabelText(t.blockObjection.email), 'a@b.c');
    expect(screen.getAllByText(t.validation.required)).toHaveLength(2);
  });

  test('the server’s refusal is shown; once accepted, the receipt number (ko, e-mail from the login)', async () => {
    const t = await useLanguage('ko');
    const refusal = '이미 이의를 신청한 제한입니다.';
    const calls = answer(
      [409, { status: 409, message: refusal, code: 'CONFLICT' }],
      [200, { id: 42, status: 'PENDING', created: '2026-11-22T00:00:00Z', blockedAt: '2026-11-20T00:00:00Z' }],
    );
    const user = userEvent.setup();
    renderAt('/block-objection?email=blocked%40fan.test', page);
    expect((screen.getByLabelText(t.blockObjection.email) as HTMLInputElement).value).toBe('blocked@fan.test');
    await user.type(screen.getByLabelText(t.blockObjection.password), 'secret-pass1');
    await user.type(screen.getByLabelText(t.blockObjection.reason), '다른 사람이 제 계정을 썼습니다');
    screen.getByText(t.blockObjection.reasonHelp.replace('{{count}}', '17').replace('{{max}}', '1,000'));
    await user.click(screen.getByRole('button', { name: t.blockObjection.submit }));
    await screen.findByText(refusal);
    await user.click(screen.getByRole('button', { name: t.blockObjection.submit }));
    await screen.findByText(t.blockObjection.done.replace('{{id}}', '42'));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({
      url: '/api/v1/block-objections',
      body: { email: 'blocked@fan.test', password: 'secret-pass1', reason: '다른 사람이 제 계정을 썼습니다' },
    });
  });

  test("the e-mail and password show the block's reason, its date and until when to object (ko)", async () => {
    const t = await useLanguage('ko');
    const calls = answer([
      200,
      {
        blockedAt: '2026-11-20T03:00:00Z',
        reason: '광고성 댓글 반복',
        objectableUntil: '2026-12-20T03:00:00Z',
        objected: false,
      },
    ]);
    const user = userEvent.setup();
    renderAt('/block-objection?email=blocked%40fan.test', page);
    // Without the password nothing is asked.
    await user.click(screen.getByRole('button', { name: t.blockObjection.showBlock }));
    await screen.findByText(t.validation.required);
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(t.blockObjection.password), 'secret-pass1');
    await user.click(screen.getByRole('button', { name: t.blockObjection.showBlock }));
    const block = await screen.findByRole('region', { name: t.blockObjection.blockTitle });
    expect(block.textContent).toContain(t.blockObjection.blockedAt.replace('{{date}}', '2026.11.20'));
    expect(block.textContent).toContain(t.blockObjection.blockReason.replace('{{reason}}', '광고성 댓글 반복'));
    expect(block.textContent).toContain(t.blockObjection.objectableUntil.replace('{{date}}', '2026.12.20'));
    expect(calls).toEqual([
      { url: '/api/v1/block-objections/block', body: { email: 'blocked@fan.test', password: 'secret-pass1' } },
    ]);
  });
});
