// @vitest-environment jsdom
// A verification link clicked again (its address already confirmed) says so and offers to log in, instead of asking
// for the verification it already did.
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { EmailSentPage } from './email-sent-page';

describe('the e-mail page after a verification link', () => {
  afterEach(() => cleanupApp());

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`already verified: the title and the way to log in, no resend (${language})`, async () => {
      const t = await useLanguage(language);
      renderAt('/email-sent?view=already-verified', <Route path="/email-sent" element={<EmailSentPage />} />);
      expect(screen.getByRole('heading', { name: t.emailSent.alreadyVerifiedTitle })).toBeTruthy();
      expect(screen.getByRole('link', { name: t.emailSent.login }).getAttribute('href')).toBe('/login?view=email');
      expect(screen.queryByRole('button', { name: t.emailSent.resend })).toBeNull();
      expect(screen.queryByText(t.emailSent.suggestTitle)).toBeNull();
    });
  }
});
