// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { AddressSearchButton, deliverAddress, POSTCODE_LOAD_TIMEOUT_MS } from './address-search';

describe('postcode search result', () => {
  afterEach(cleanupApp);

  test('goes to the form as "(zonecode) road address building"', () => {
    const onSelect = vi.fn();
    deliverAddress(
      {
        zonecode: '06236',
        address: '서울 강남구 테헤란로 1',
        roadAddress: '서울 강남구 테헤란로 123',
        buildingName: '팬빌딩',
      },
      onSelect,
    );
    expect(onSelect).toHaveBeenCalledWith('(06236) 서울 강남구 테헤란로 123 팬빌딩');
    deliverAddress({ zonecode: '06236', address: '서울 강남구 역삼동 1', roadAddress: '' }, onSelect);
    expect(onSelect).toHaveBeenLastCalledWith('(06236) 서울 강남구 역삼동 1');
  });

  test('without a handler the spec’s alert says the parent cannot save the address', async () => {
    const t = await useLanguage('ko');
    renderAt('/', <></>);
    deliverAddress({ zonecode: '1', address: 'a' });
    expect(await screen.findByText(t.postcode.noHandler)).toBeTruthy();
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'offline, the button says the search cannot load and to type the address (%s)',
    async (language) => {
      const t = await useLanguage(language);
      renderAt('/', <Route path="/" element={<AddressSearchButton onSelect={() => {}} />} />);
      // The script fails to load.
      await userEvent.click(screen.getByRole('button', { name: t.signUp.addressSearch }));
      const script = document.head.querySelector<HTMLScriptElement>('script[src*="postcode"]')!;
      fireEvent.error(script);
      expect(await screen.findByText(t.postcode.loadFailed)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: t.common.ok }));
      // The script neither loads nor fails.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        fireEvent.click(screen.getByRole('button', { name: t.signUp.addressSearch }));
        await vi.advanceTimersByTimeAsync(POSTCODE_LOAD_TIMEOUT_MS);
      } finally {
        vi.useRealTimers();
      }
      expect(await screen.findByText(t.postcode.loadFailed)).toBeTruthy();
      expect(document.head.querySelector('script[src*="postcode"]')).toBeNull();
    },
  );
});
