// Business registrations count only once verified: a payout account held in a business's name is the creator's only
// when the business registry names that business for his registration number and staff approved it, and only a
// verified registration removes the 3.3 % withholding. A self-declared business name verifies nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MyCreator } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { mp4, multipartForm, PNG_1X1 } from '@fanmission/tests/support/files';
import { isBusinessRegistered } from '@fanmission/contracts';
import { sandboxHolderLookup } from './payout-holder-lookup';
import { checkDuePayoutAccounts } from './payout-verification';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-business-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;

let tagIds: number[];

beforeAll(async () => {
  tagIds = await createTags(app(), ['사업자', '정산']);
  return () => rmSync(storageDir, { recursive: true, force: true });
});

async function upload(url: string, field: string, bytes: Buffer, filename: string, headers: Record<string, string>) {
  const form = await multipartForm(field, bytes, filename);
  const response = await app().inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A creator with no identity check, his picture and intro uploaded: ready for a profile save. */
async function readyCreator(): Promise<TestCreator> {
  const creator = await createCreator(app(), { verified: false });
  await upload(`/api/v1/users/${creator.id}/image`, 'image', PNG_1X1, 'me.png', creator.headers);
  await upload(`/api/v1/creators/${creator.creatorId}/intro`, 'intro', mp4(), 'hi.mp4', creator.headers);
  return creator;
}

const profile = (creator: TestCreator, business: object) => ({
  tags: [tagIds[0]],
  name: '보안 크리에이터',
  snsLinks: [{ type: 'YOUTUBE', link: 'https://youtube.com/@sec' }],
  description: '사업자 확인',
  url: `biz${creator.creatorId}`,
  bankName: '우리은행',
  bankAccountHolder: '김다름',
  // The bank sandbox's account held by 김다름, another person.
  bankAccountNumber: '1002000007777',
  currentPassword: creator.password,
  ...business,
});

const put = (creator: TestCreator, payload: object, language = 'en') =>
  app().inject({
    method: 'PUT',
    url: `/api/v1/creators/${creator.creatorId}`,
    headers: { ...creator.headers, 'accept-language': language },
    payload,
  });

const me = async (creator: TestCreator) => {
  const response = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: creator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyCreator>();
};

/** Whether his statements would be withheld 3.3 %: what the settlement reads of him. */
async function withheld(creatorId: number): Promise<boolean> {
  const row = await app()
    .db.selectFrom('creators')
    .select('verified_business_type')
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return !isBusinessRegistered(row.verified_business_type);
}

describe('a creator declaring himself a business', () => {
  it('does not verify a third party’s account by typing its holder as his business name, and stays withheld', async () => {
    const creator = await readyCreator();
    const control = await put(
      creator,
      profile(creator, { businessType: 'NONE', businessCashReceiptNumber: '01000000000' }),
    );
    expect(control.statusCode, control.body).toBe(200);
    expect(control.json<MyCreator>().payoutAccountVerification).toMatchObject({
      status: 'UNVERIFIED',
      failure: 'NO_VERIFIED_NAME',
    });
    expect(await withheld(creator.creatorId)).toBe(true);

    await put(
      creator,
      profile(creator, {
        businessType: 'CORPORATION',
        businessName: '김다름',
        businessRegistrationNumber: '123-45-67890',
      }),
    );
    // The background check, as it runs every few seconds.
    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    expect((await me(creator)).payoutAccountVerification?.status).not.toBe('VERIFIED');
    expect(await withheld(creator.creatorId)).toBe(true);
  });
});
