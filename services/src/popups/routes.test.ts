import { popupSchema } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { multipartForm, PNG_1X1, TEXT_FILE } from '@fanmission/tests/support/files';

const testApp = useTestApp();
const app = () => testApp.current.app;

let operator: TestAccount;
let fan: TestAccount;
let imageId: number;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  fan = await createAccount(app());
  const form = await multipartForm('image', PNG_1X1, 'banner.png');
  const upload = await app().inject({
    method: 'POST',
    url: '/api/admin/popups/images',
    headers: { ...form.headers, ...operator.headers },
    payload: form.payload,
  });
  imageId = upload.json().id;
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = operator.headers) =>
  app().inject({ method, url: `/api/admin${url}`, headers, ...(payload && { payload }) });

const current = async () => {
  const response = await app().inject({ method: 'GET', url: '/api/v1/notifications/popup/current' });
  expect(response.statusCode).toBe(200);
  return popupSchema.nullable().parse(response.json());
};

const hour = 60 * 60 * 1000;

describe('popups', () => {
  it('shows no popup until an operator adds one, then the active one of this moment', async () => {
    expect(await current()).toBeNull();

    const created = await admin('POST', '/popups', {
      title: '봄맞이 이벤트',
      webImageId: imageId,
      linkBackgroundColor: 'f60',
      linkTextColor: '#FFFFFF',
      linkLoggedOn: '/browse-missions',
      linkLoggedOff: '/login',
      linkTextLoggedOn: '미션 보러 가기',
      linkTextLoggedOff: '로그인하기',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ linkBackgroundColor: '#f60', active: true, webImageId: imageId });

    expect(await current()).toEqual({
      id: created.json().id,
      title: '봄맞이 이벤트',
      webImage: { s3Url: expect.stringMatching(/\.png$/) },
      linkBackgroundColor: '#f60',
      linkTextColor: '#FFFFFF',
      linkLoggedOn: '/browse-missions',
      linkLoggedOff: '/login',
      linkTextLoggedOn: '미션 보러 가기',
      linkTextLoggedOff: '로그인하기',
    });

    // A later-starting popup wins while it runs; inactive, future and past ones never show.
    const now = Date.now();
    const running = await admin('POST', '/popups', {
      title: '진행 중',
      startsAt: new Date(now - hour).toISOString(),
      endsAt: new Date(now + hour).toISOString(),
    });
    await admin('POST', '/popups', { title: '예정', startsAt: new Date(now + hour).toISOString() });
    await admin('POST', '/popups', {
      title: '지난',
      startsAt: new Date(now - 3 * hour).toISOString(),
      endsAt: new Date(now - 2 * hour).toISOString(),
    });
    await admin('POST', '/popups', {
      title: '꺼짐',
      active: false,
      startsAt: new Date(now - 10 * 60_000).toISOString(),
    });
    expect((await current())?.title).toBe('진행 중');

    const edited = await admin('PUT', `/popups/${running.json().id}`, { ...running.json(), active: false });
    expect(edited.statusCode).toBe(200);
    expect((await current())?.title).toBe('봄맞이 이벤트');

    const list = await admin(
      'GET',
      `/popups?sort=${encodeURIComponent('["id","ASC"]')}&range=[0,9]&filter=${encodeURIComponent('{"active":true}')}`,
    );
    expect(list.headers['content-range']).toBe('popups 0-2/3');
    expect(list.json().map((popup: { title: string }) => popup.title)).toEqual(['봄맞이 이벤트', '예정', '지난']);

    const deleted = await admin('DELETE', `/popups/${created.json().id}`);
    expect(deleted.json().title).toBe('봄맞이 이벤트');
    expect(await current()).toBeNull();
    expect((await admin('GET', `/popups/${created.json().id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/popups/${created.json().id}`)).statusCode).toBe(404);
  });

  it.each([
    ['a colour that is not hex', { title: 't', linkTextColor: 'white' }, 'linkTextColor'],
    ['no title', { title: '' }, 'title'],
    [
      'an end before the start',
      { title: 't', startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt',
    ],
    ['an image that was never uploaded', { title: 't', webImageId: 999999 }, 'webImageId'],
  ])('refuses %s', async (_name, payload, field) => {
    const response = await admin('POST', '/popups', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it('never shows a file the console did not upload for popups (a member’s private picture)', async () => {
    for (const account of [fan, operator]) {
      const form = await multipartForm('data', PNG_1X1, 'private.png');
      const upload = await app().inject({
        method: 'POST',
        url: '/api/v1/files/s3',
        headers: { ...form.headers, ...account.headers },
        payload: form.payload,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const refused = await admin('POST', '/popups', { title: 't', webImageId: upload.json().id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['webImageId']);
    }
  });

  it('is managed by operators only', async () => {
    expect((await admin('GET', '/popups', undefined, fan.headers)).statusCode).toBe(403);
    expect((await admin('POST', '/popups', { title: 't' }, fan.headers)).statusCode).toBe(403);
    expect((await app().inject({ method: 'POST', url: '/api/admin/popups', payload: { title: 't' } })).statusCode).toBe(
      401,
    );
  });

  it('takes its picture from the console’s own upload, images only, operators only', async () => {
    const consoleOperator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const upload = async (account: TestAccount | null, bytes: Buffer, name: string, field = 'image') => {
      const form = await multipartForm(field, bytes, name);
      return app().inject({
        method: 'POST',
        url: '/api/admin/popups/images',
        headers: { ...form.headers, 'accept-language': 'en', ...(account?.headers ?? {}) },
        payload: form.payload,
      });
    };
    const uploaded = await upload(consoleOperator, PNG_1X1, 'summer.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ contentType: 'image/png', s3Url: expect.stringMatching(/\.png\?exp=/) });
    // The audit log keeps the answer without its signature: both roles read the log.
    const audited = await app()
      .db.selectFrom('admin_audit_log')
      .select('after')
      .where('actor_id', '=', consoleOperator.id)
      .where('action', '=', 'POST /api/admin/popups/images')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audited.after)).not.toMatch(/sig=|exp=/);
    expect(audited.after).toMatchObject({ id: uploaded.json().id, s3Url: uploaded.json().s3Url.split('?')[0] });
    // Not public before a popup shows it: the answer's signed URL serves the preview, the bare one nothing.
    // A path on whatever origin served the page (services/src/files): resolved against any base for its parts.
    const signed = new URL(uploaded.json().s3Url as string, 'http://any.origin');
    expect((await app().inject({ method: 'GET', url: `${signed.pathname}${signed.search}` })).statusCode).toBe(200);
    expect((await app().inject({ method: 'GET', url: signed.pathname })).statusCode).toBe(404);
    const created = await admin(
      'POST',
      '/popups',
      { title: '여름 이벤트', webImageId: uploaded.json().id },
      consoleOperator.headers,
    );
    expect(created.statusCode, created.body).toBe(200);
    const publicUrl = signed.pathname;
    expect(created.json()).toMatchObject({ webImageId: uploaded.json().id, webImage: { s3Url: publicUrl } });
    expect((await current())?.webImage).toEqual({ s3Url: publicUrl });
    expect((await app().inject({ method: 'GET', url: signed.pathname })).statusCode).toBe(200);
    await admin('DELETE', `/popups/${created.json().id}`, undefined, consoleOperator.headers);

    const text = await upload(consoleOperator, TEXT_FILE, 'notes.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('UNKNOWN_FILE_FORMAT');
    expect((await upload(consoleOperator, PNG_1X1, 'a.png', 'data')).statusCode).toBe(400);
    expect((await upload(finance, PNG_1X1, 'a.png')).statusCode).toBe(403);
    expect((await upload(fan, PNG_1X1, 'a.png')).statusCode).toBe(403);
    expect((await upload(null, PNG_1X1, 'a.png')).statusCode).toBe(401);
  });
});
