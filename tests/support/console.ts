import type { Page } from 'playwright-core';

/** Signs a staff account in at the console's login page (`/admin/`), in Korean, the console's default language. */
export async function logInToConsole(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.locator('input[name="username"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: '로그인' }).click();
}
