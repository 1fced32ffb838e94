// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { deliverAddress } from './address-search';

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
});
