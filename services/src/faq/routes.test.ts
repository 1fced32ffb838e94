import { faqSchema, pageSchema } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

const testApp = useTestApp();
const app = () => testApp.current.app;

let operator: TestAccount;
let fan: TestAccount;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  fan = await createAccount(app());
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = operator.headers) =>
  app().inject({ method, url: `/api/admin${url}`, headers, ...(payload && { payload }) });

describe('/api/admin/faqs', () => {
  it('lets operators create, list, read, change and delete entries in the simple-rest dialect', async () => {
    const created = [];
    for (const [category, title, position] of [
      ['PAYMENT', '코인은 어떻게 충전하나요?', 2],
      ['PAYMENT', '환불은 언제 되나요?', 1],
      ['MISSION', '미션은 언제 완료되나요?', 1],
    ] as const) {
      const response = await admin('POST', '/faqs', { category, title, content: `${title} 답변입니다.`, position });
      expect(response.statusCode).toBe(200);
      created.push(response.json());
    }
    expect(created[0]).toMatchObject({ id: expect.any(Number), category: 'PAYMENT', position: 2 });

    const list = await admin(
      'GET',
      `/faqs?sort=${encodeURIComponent('["position","ASC"]')}&range=[0,1]&filter=${encodeURIComponent('{"category":"PAYMENT"}')}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('faqs 0-1/2');
    expect(list.json().map((faq: { title: string }) => faq.title)).toEqual([
      '환불은 언제 되나요?',
      '코인은 어떻게 충전하나요?',
    ]);
    const searched = await admin('GET', `/faqs?filter=${encodeURIComponent('{"q":"미션"}')}`);
    expect(searched.json()).toHaveLength(1);
    const many = await admin(
      'GET',
      `/faqs?filter=${encodeURIComponent(JSON.stringify({ id: [created[0].id, created[2].id] }))}`,
    );
    expect(many.json()).toHaveLength(2);

    const one = await admin('GET', `/faqs/${created[2].id}`);
    expect(one.json()).toMatchObject({ title: '미션은 언제 완료되나요?' });
    const changed = await admin('PUT', `/faqs/${created[2].id}`, { ...one.json(), title: '미션 완료 기한은?' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe('미션 완료 기한은?');

    const deleted = await admin('DELETE', `/faqs/${created[2].id}`);
    expect(deleted.json().id).toBe(created[2].id);
    expect((await admin('GET', `/faqs/${created[2].id}`)).statusCode).toBe(404);
    expect(
      (await admin('PUT', `/faqs/${created[2].id}`, { category: 'MISSION', title: 't', content: 'c' })).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', `/faqs/${created[2].id}`)).statusCode).toBe(404);
  });

  it('validates entries', async () => {
    const noTitle = await admin('POST', '/faqs', { category: 'PAYMENT', title: ' ', content: 'c' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['title']);
    const badCategory = await admin('POST', '/faqs', { category: 'OTHER', title: 't', content: 'c' });
    expect(badCategory.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['category']);
    expect((await admin('GET', '/faqs?sort=["title","ASC"]')).statusCode).toBe(400);
    // A translation's question goes with its answer.
    const halfEnglish = await admin('POST', '/faqs', { category: 'PAYMENT', title: 't', content: 'c', titleEn: 'Q' });
    expect(halfEnglish.statusCode).toBe(400);
    expect(halfEnglish.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['contentEn']);
  });

  it('is for operators only', async () => {
    expect((await admin('GET', '/faqs', undefined, fan.headers)).statusCode).toBe(403);
    expect(
      (await admin('POST', '/faqs', { category: 'PAYMENT', title: 't', content: 'c' }, fan.headers)).statusCode,
    ).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/admin/faqs' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/board/faq', () => {
  it('pages a category in the operators’ order, PAYMENT and ascending by default, 6 a page', async () => {
    for (let index = 0; index < 8; index += 1) {
      await app()
        .db.insertInto('faqs')
        .values({ category: 'MISSION', title: `미션 ${index}`, content: '답', position: index })
        .execute();
    }
    const payment = await app().inject({ method: 'GET', url: '/api/v1/board/faq' });
    expect(payment.statusCode).toBe(200);
    const paymentPage = pageSchema(faqSchema).parse(payment.json());
    expect(paymentPage.content.every((faq) => faq.type === 'PAYMENT')).toBe(true);
    expect(paymentPage.content.map((faq) => faq.title)).toEqual(['환불은 언제 되나요?', '코인은 어떻게 충전하나요?']);

    const mission = pageSchema(faqSchema).parse(
      (await app().inject({ method: 'GET', url: '/api/v1/board/faq?direction=ASC&page=0&size=6&type=MISSION' })).json(),
    );
    expect(mission).toMatchObject({ size: 6, totalElements: 8, totalPages: 2, last: false });
    expect(mission.content.map((faq) => faq.title)).toEqual([
      '미션 0',
      '미션 1',
      '미션 2',
      '미션 3',
      '미션 4',
      '미션 5',
    ]);
    expect(mission.content[0]).toEqual({
      id: expect.any(Number),
      title: '미션 0',
      content: '답',
      created: expect.any(String),
      type: 'MISSION',
    });
    const descending = (
      await app().inject({ method: 'GET', url: '/api/v1/board/faq?direction=DESC&type=MISSION&page=1' })
    ).json();
    expect(descending).toMatchObject({ last: true, content: [{ title: '미션 1' }, { title: '미션 0' }] });
  });

  it('answers each reader in his language where the operators wrote it, else in Korean', async () => {
    const created = await admin('POST', '/faqs', {
      category: 'MISSION',
      title: '번역된 질문',
      content: '번역된 답',
      titleEn: 'A translated question',
      contentEn: 'A translated answer',
      titleJa: '翻訳された質問',
      contentJa: '翻訳された答え',
      position: 100,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ titleEn: 'A translated question', contentJa: '翻訳された答え' });
    const page = async (language: string) =>
      pageSchema(faqSchema).parse(
        (
          await app().inject({
            method: 'GET',
            url: '/api/v1/board/faq?type=MISSION&direction=DESC&size=2',
            headers: { 'accept-language': language },
          })
        ).json(),
      ).content;
    expect((await page('en'))[0]).toMatchObject({ title: 'A translated question', content: 'A translated answer' });
    expect((await page('ja'))[0]).toMatchObject({ title: '翻訳された質問', content: '翻訳された答え' });
    expect((await page('ko'))[0]).toMatchObject({ title: '번역된 질문', content: '번역된 답' });
    // An entry with no English is read in Korean.
    expect((await page('en'))[1]!.title).toMatch(/^미션 /);
    expect((await admin('DELETE', `/faqs/${created.json().id}`)).statusCode).toBe(200);
  });

  it('refuses unknown categories and directions', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/v1/board/faq?type=OTHER' })).statusCode).toBe(400);
    expect((await app().inject({ method: 'GET', url: '/api/v1/board/faq?direction=UP' })).statusCode).toBe(400);
  });
});
