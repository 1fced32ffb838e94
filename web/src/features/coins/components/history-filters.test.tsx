// @vitest-environment jsdom
// The years offered are Korean years, as the history's `createdYear` filter counts them, whatever the device's zone.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { HistoryFilters } from './history-filters';

afterEach(() => {
  vi.useRealTimers();
  cleanupApp();
});

test('on 1 January in Korea, still 31 December on the device, the new year is offered', async () => {
  const texts = await useLanguage('ko');
  // 01:00 on 1 January 2027 in Korea; 16:00 on 31 December 2026 in UTC (a device in any zone west of Korea is
  // still in 2026).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T16:00:00Z') });
  render(
    <AppProviders i18n={i18next}>
      <HistoryFilters value={{ year: '', month: '' }} onChange={() => {}} />
    </AppProviders>,
  );
  await userEvent.click(screen.getByRole('combobox', { name: texts.coinHistory.year }));
  const years = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(years[1]).toBe(texts.coinHistory.yearValue.replace('{{year}}', '2027'));
  expect(years).toHaveLength(7);
});
