// Numbers put into the app's texts are written one way, whatever the browser's locale: quantities grouped,
// identifiers and years as they are.
import { createInstance } from 'i18next';
import { expect, test } from 'vitest';
import { INTERPOLATION } from './interpolation';

test('a text groups the quantities put into it and leaves years, ids and texts alone', async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'ko',
    resources: {
      ko: {
        translation: {
          balance: '보유 코인: {{coins}}코인',
          month: '{{year}}년 {{month}}월',
          objection: '접수 번호 {{id}}',
          named: '{{name}}님',
        },
      },
    },
    interpolation: INTERPOLATION,
    showSupportNotice: false,
  });
  expect(i18n.t('balance', { coins: 1870 })).toBe('보유 코인: 1,870코인');
  expect(i18n.t('month', { year: 2026, month: 11 })).toBe('2026년 11월');
  expect(i18n.t('objection', { id: 12345 })).toBe('접수 번호 12345');
  expect(i18n.t('named', { name: '<b>Kim</b>' })).toBe('<b>Kim</b>님');
});
