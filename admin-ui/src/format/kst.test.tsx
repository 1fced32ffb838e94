// @vitest-environment jsdom
// The console's dates in Korea time whatever the browser's zone: written as the web app writes them and labelled KST,
// typed in KST in the forms.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, SaveButton } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18n-provider';
import { KstDateTimeInput, formatKst, fromKstInput, toKstInput } from './kst';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => cleanup());

test('an instant reads as its Korea-time day, or day and time, labelled KST', () => {
  // 15:30 UTC is 00:30 the next day in Korea.
  expect(formatKst('2026-11-26T15:30:00.000Z')).toBe('2026.11.27 KST');
  expect(formatKst('2026-11-26T15:30:00.000Z', { showTime: true })).toBe('2026.11.27 00:30 KST');
  expect(formatKst(null)).toBeNull();
  expect(formatKst('not a date')).toBeNull();
});

test('a form field shows and takes Korea time', () => {
  expect(toKstInput('2026-11-26T15:30:00.000Z')).toBe('2026-11-27T00:30');
  expect(toKstInput('2026-11-27T00:30')).toBe('2026-11-27T00:30');
  expect(fromKstInput('2026-11-27T00:30')).toBe('2026-11-26T15:30:00.000Z');
  expect(fromKstInput('')).toBeNull();
  expect(toKstInput(null)).toBe('');
});

test('the console form sends the instant of the Korea time typed, and says the field is in KST', async () => {
  const onSubmit = vi.fn();
  render(
    <ConsoleTestContext i18nProvider={i18nProvider}>
      <Form onSubmit={onSubmit} record={{ startsAt: '2026-11-26T15:30:00.000Z' }}>
        <KstDateTimeInput source="startsAt" label="시작" />
        <SaveButton alwaysEnable />
      </Form>
    </ConsoleTestContext>,
  );
  const input = await screen.findByLabelText<HTMLInputElement>('시작', {}, { timeout: 10_000 });
  expect(input.value).toBe('2026-11-27T00:30');
  expect(screen.getByText('한국 시간(KST)')).toBeTruthy();
  fireEvent.change(input, { target: { value: '2026-12-01T09:00' } });
  fireEvent.click(screen.getByRole('button', { name: '저장' }));
  await waitFor(() =>
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ startsAt: '2026-12-01T00:00:00.000Z' }),
      expect.anything(),
    ),
  );
});
