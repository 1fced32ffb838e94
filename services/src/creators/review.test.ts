import type { AdminCreatorDetail, Language } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { approveAs } from '@fanmission/tests/support/approvals';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { createFile } from '@fanmission/tests/support/missions';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createSmtpMailer } from '../mail';
import { createNotificationMailConsumer, notificationsConsumer } from '../notifications';
import { createReviewMailConsumer } from './review-mail-consumer';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const mailing = useMailingTestApp(clock);
const app = () => mailing.current.app;

let operator: TestAccount;
let finance: TestAccount;
let fan: TestAccount;
let tagIds: number[];

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  fan = await createAccount(app());
  tagIds = await createTags(app(), [`review-tag-${Date.now()}`]);
});

const admin = (method: 'GET' | 'PUT', url: string, payload?: object, headers: object = operator.headers) =>
  app().inject({ method, url: `/api/admin${url}`, headers: { ...headers, 'accept-language': 'en' }, payload });

/** The decision mails go out from the outbox: this runs the consumer the worker runs (here, on the test's SMTP server). */
const sendReviewMails = () =>
  drainOutbox(app().db, {
    consumers: [createReviewMailConsumer({ mailer: app().ctx.mailer, publicUrl: mailing.current.config.PUBLIC_URL })],
  });

const query = (filter: object, extra = '') => `/creators?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

/** A creator pending review whose newbie flags put him in the queue: image, a tag and an active BASIC product. */
async function queuedCreator(options: { language?: Language; name?: string } = {}): Promise<TestCreator> {
  const creator = await createCreator(app(), {
    verified: false,
    tagIds,
    ...(options.name && { name: options.name }),
  });
  const file = await app()
    .db.insertInto('files')
    .values({
      owner_user_id: creator.id,
      storage_key: `test/${creator.id}.png`,
      filename: 'me.png',
      content_type: 'image/png',
      kind: 'image',
      size_bytes: 10,
      thumbnail_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app()
    .db.updateTable('users')
    .set({ image_file_id: file.id, language: options.language ?? 'ko' })
    .where('id', '=', creator.id)
    .execute();
  await app()
    .db.insertInto('mission_products')
    .values({
      creator_id: creator.creatorId,
      type: 'BASIC',
      name: 'Say hello',
      coin_price: 10,
      description: 'A hello',
      sort_order: 1,
      active: true,
    })
    .execute();
  return creator;
}

async function searchNames(name: string): Promise<string[]> {
  const found = await app().inject({ method: 'GET', url: `/api/v1/creators/page?name=${encodeURIComponent(name)}` });
  expect(found.statusCode).toBe(200);
  return (found.json() as { content: { creator: { name: string } }[] }).content.map((item) => item.creator.name);
}

describe('creator review (admin API)', () => {
  it('lists the queue: PENDING with the newbie flags done, not a creator who has not finished his profile', async () => {
    const ready = await queuedCreator();
    const unfinished = await createCreator(app(), { verified: false });
    const approved = await createCreator(app(), { verified: true });

    const pending = await admin('GET', query({ reviewStatus: 'PENDING' }, '&range=[0,499]'));
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['content-range']).toMatch(/^creators 0-\d+\/\d+$/);
    const rows = pending.json() as { id: number; queued: boolean; reviewStatus: string }[];
    expect(rows.find((row) => row.id === ready.creatorId)).toMatchObject({ queued: true, reviewStatus: 'PENDING' });
    expect(rows.find((row) => row.id === unfinished.creatorId)).toMatchObject({ queued: false });
    expect(rows.some((row) => row.id === approved.creatorId)).toBe(false);

    const queue = await admin('GET', query({ reviewStatus: 'PENDING', queued: true }, '&range=[0,499]'));
    const queueIds = (queue.json() as { id: number }[]).map((row) => row.id);
    expect(queueIds).toContain(ready.creatorId);
    expect(queueIds).not.toContain(unfinished.creatorId);

    const approvedRows = await admin('GET', query({ reviewStatus: 'APPROVED', id: [approved.creatorId] }));
    expect(approvedRows.json()).toEqual([expect.objectContaining({ id: approved.creatorId, verified: true })]);
  });

  it('finds creators by q (name, e-mail) and pages them with Content-Range', async () => {
    const marker = `needle${Date.now()}`;
    const first = await queuedCreator({ name: `${marker}-a` });
    await queuedCreator({ name: `${marker}-b` });
    const page = await admin('GET', query({ q: marker }, `&sort=${encodeURIComponent('["name","ASC"]')}&range=[0,0]`));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-range']).toBe('creators 0-0/2');
    expect(page.json()).toEqual([expect.objectContaining({ id: first.creatorId, name: `${marker}-a` })]);
    const byEmail = await admin('GET', query({ q: first.email }));
    expect((byEmail.json() as { id: number }[]).map((row) => row.id)).toEqual([first.creatorId]);
  });

  it('shows one creator with every profile field, intro, photo and products', async () => {
    const creator = await queuedCreator();
    const one = await admin('GET', `/creators/${creator.creatorId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: creator.creatorId,
      reviewStatus: 'PENDING',
      queued: true,
      profile: { id: creator.creatorId, tags: [expect.objectContaining({ id: tagIds[0] })], intro: null },
      products: [expect.objectContaining({ type: 'BASIC', name: 'Say hello', active: true })],
    });
    expect((one.json() as { profile: { avatar: unknown } }).profile.avatar).not.toBeNull();
    expect((await admin('GET', '/creators/999999999')).statusCode).toBe(404);
  });

  it('shows the products he registered (type, price, state) and his lottery event (title, dates, status)', async () => {
    const creator = await queuedCreator();
    await app()
      .db.insertInto('mission_products')
      .values([
        {
          creator_id: creator.creatorId,
          type: 'LUCKY',
          name: 'Lucky dance',
          coin_price: 5,
          win_probability: 2.5,
          description: 'A dance',
          sort_order: 1,
          active: false,
        },
        { creator_id: creator.creatorId, type: 'CUSTOM', name: 'Anything', minimum_cost: 300, sort_order: 1 },
      ])
      .execute();
    // The event as his studio creates it: the days are Korea-time days after the test's clock (2026-11-22).
    const event = await app().inject({
      method: 'POST',
      url: '/api/v1/mission-products',
      headers: { ...creator.headers, 'accept-language': 'en' },
      payload: {
        creatorId: creator.creatorId,
        type: 'EVENT',
        title: 'Signed polaroid draw',
        description: 'Three signed polaroids',
        drawNumber: 3,
        applyStart: '2026-11-23',
        applyEnd: '2026-11-30',
        eventEnd: '2026-12-31',
        descriptionPictureId: await createFile(app().db, creator.id, 'image'),
      },
    });
    expect(event.statusCode, event.body).toBe(200);

    const one = await admin('GET', `/creators/${creator.creatorId}`);
    expect(one.statusCode).toBe(200);
    const { products } = one.json<AdminCreatorDetail>();
    const byType = Object.fromEntries(products.map((product) => [product.type, product]));
    expect(products).toHaveLength(4);
    expect(byType['BASIC']).toMatchObject({ name: 'Say hello', coinPrice: 10, active: true, event: null });
    expect(byType['LUCKY']).toMatchObject({ name: 'Lucky dance', coinPrice: 5, winProbability: 2.5, active: false });
    expect(byType['CUSTOM']).toMatchObject({ name: 'Anything', coinPrice: null, minimumCost: 300, active: true });
    expect(byType['EVENT']).toMatchObject({
      name: 'Signed polaroid draw',
      coinPrice: null,
      event: {
        title: 'Signed polaroid draw',
        applyStart: '2026-11-23',
        applyEnd: '2026-11-30',
        eventEnd: '2026-12-31',
        drawNumber: 3,
        status: 'CREATED',
        // Read by an operator: nobody has applied as him.
        applied: false,
      },
    });

    // A creator who registered nothing: both lists empty, not missing.
    const bare = await createCreator(app(), { verified: false });
    const empty = await admin('GET', `/creators/${bare.creatorId}`);
    expect(empty.json()).toMatchObject({ products: [], refusals: [] });
    // Finance reads the same record; a fan gets 403 and no product.
    const read = await admin('GET', `/creators/${creator.creatorId}`, undefined, finance.headers);
    expect(read.json<AdminCreatorDetail>().products).toHaveLength(4);
    const denied = await admin('GET', `/creators/${creator.creatorId}`, undefined, fan.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('Signed polaroid draw');
  });

  it('keeps every refusal with its reason, who and when, newest first; an approval adds none', async () => {
    const creator = await queuedCreator();
    expect((await admin('GET', `/creators/${creator.creatorId}`)).json()).toMatchObject({ refusals: [] });
    const reject = (reviewReason: string) =>
      admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'REJECTED', reviewReason });
    expect((await reject('사진이 흐립니다.')).statusCode).toBe(200);
    const firstAt = clock.now.toISOString();
    // His profile save puts him back in the queue (the rejection test walks it); an hour later, a second refusal.
    await app()
      .db.updateTable('creators')
      .set({ review_status: 'PENDING' })
      .where('id', '=', creator.creatorId)
      .execute();
    clock.now = new Date(clock.now.getTime() + 3_600_000);
    const second = await reject('소개 영상이 없습니다.');
    expect(second.statusCode).toBe(200);
    const history = [
      { reason: '소개 영상이 없습니다.', refusedBy: operator.email, refusedAt: clock.now.toISOString() },
      { reason: '사진이 흐립니다.', refusedBy: operator.email, refusedAt: firstAt },
    ];
    expect(second.json()).toMatchObject({ reviewReason: '소개 영상이 없습니다.', refusals: history });

    await app()
      .db.updateTable('creators')
      .set({ review_status: 'PENDING' })
      .where('id', '=', creator.creatorId)
      .execute();
    expect((await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' })).statusCode).toBe(200);
    const approved = await admin('GET', `/creators/${creator.creatorId}`);
    expect(approved.json()).toMatchObject({ reviewStatus: 'APPROVED', refusals: history });
    clock.now = new Date(firstAt);
  });

  it('approves: verified, searchable, an event in the outbox and a mail in the creator’s language', async () => {
    const name = `approve${Date.now()}`;
    const creator = await queuedCreator({ language: 'ja', name });
    expect(await searchNames(name)).toEqual([]);

    const approved = await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ verified: true, reviewStatus: 'APPROVED', queued: false });
    expect((approved.json() as { reviewedAt: string }).reviewedAt).toBe(clock.now.toISOString());

    expect(mailing.current.smtp.mails().filter((mail) => mail.to.includes(creator.email.toLowerCase()))).toEqual([]);
    await sendReviewMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.subject).toBe('[Fanmission] クリエイター審査が承認されました');
    expect(mail.text).toContain(`http://localhost:8080/creator/${creator.creatorId}`);

    const events = await app()
      .db.selectFrom('outbox')
      .select(['type', 'payload'])
      .where('type', '=', 'creator.reviewed')
      .where('aggregate_id', '=', String(creator.creatorId))
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ reviewStatus: 'APPROVED', operatorId: operator.id, reason: null });

    expect(await searchNames(name)).toEqual([name]);
    const page = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(page.statusCode).toBe(200);

    // The same record sent again (react-admin sends the whole record) decides nothing: no second event.
    const again = await admin('PUT', `/creators/${creator.creatorId}`, approved.json() as object);
    expect(again.statusCode).toBe(200);
    const after = await app()
      .db.selectFrom('outbox')
      .select('id')
      .where('type', '=', 'creator.reviewed')
      .where('aggregate_id', '=', String(creator.creatorId))
      .execute();
    expect(after).toHaveLength(1);
  });

  it('approves with {verified: true} and the adult flag at once; the grade (a payout rate) once finance approves', async () => {
    const creator = await queuedCreator({ language: 'en' });
    const asked = await admin('PUT', `/creators/${creator.creatorId}`, {
      verified: true,
      grade: 'GOLD',
      containAdultContent: true,
      adultReason: 'Nude photos in the intro',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ kind: 'CREATOR_GRADE_CHANGE', summary: { from: 'SILVER', to: 'GOLD' } });
    expect((await admin('GET', `/creators/${creator.creatorId}`)).json()).toMatchObject({
      verified: true,
      reviewStatus: 'APPROVED',
      grade: 'SILVER',
      containAdultContent: true,
    });
    await approveAs(app(), finance, asked);
    expect((await admin('GET', `/creators/${creator.creatorId}`)).json()).toMatchObject({ grade: 'GOLD' });
    expect(mailing.current.smtp.mails().filter((mail) => mail.to.includes(creator.email.toLowerCase()))).toEqual([]);
    await sendReviewMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.subject).toBe('[Fanmission] Your creator review is approved');
  });

  it('sets and clears the adult flag alone: the creator leaves search and returns at once; only operators may', async () => {
    const name = `adult-flag-${Date.now()}`;
    const creator = await createCreator(app(), { name });
    const search = async () =>
      (await app().inject({ method: 'GET', url: `/api/v1/creators/page?name=${name}` }))
        .json<{ content: Array<{ creator: { name: string } }> }>()
        .content.map((card) => card.creator.name);
    expect(await search()).toEqual([name]);
    const flagged = await admin('PUT', `/creators/${creator.creatorId}`, {
      containAdultContent: true,
      adultReason: 'Nude photos',
    });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json()).toMatchObject({ containAdultContent: true, verified: true, reviewStatus: 'APPROVED' });
    expect(await search()).toEqual([]);
    const refused = await admin(
      'PUT',
      `/creators/${creator.creatorId}`,
      { containAdultContent: false },
      finance.headers,
    );
    expect(refused.statusCode).toBe(403);
    const byFan = await admin('PUT', `/creators/${creator.creatorId}`, { containAdultContent: false }, fan.headers);
    expect(byFan.statusCode).toBe(403);
    const invalid = await admin('PUT', `/creators/${creator.creatorId}`, { containAdultContent: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().subErrors[0].field).toBe('containAdultContent');
    expect(await search()).toEqual([]);
    const cleared = await admin('PUT', `/creators/${creator.creatorId}`, {
      containAdultContent: false,
      adultReason: 'Photos removed',
    });
    expect(cleared.json()).toMatchObject({ containAdultContent: false });
    expect(await search()).toEqual([name]);
  });

  it('changes the adult flag only with a reason (ko/en/ja); the creator is notified and mailed it, the log keeps it', async () => {
    const creator = await createCreator(app(), { name: `adult-reason-${Date.now()}` });
    for (const [language, message] of [
      ['en', 'Enter the reason for the adult-content decision: the creator is notified and mailed with it.'],
      ['ko', '성인 콘텐츠 지정·해제 사유를 입력해 주세요. 크리에이터에게 알림과 메일로 전달됩니다.'],
      ['ja', '成人向けコンテンツの指定・解除の理由を入力してください。クリエイターに通知とメールで伝えられます。'],
    ] as const) {
      for (const body of [
        { containAdultContent: true },
        { containAdultContent: true, adultReason: '  ' },
        { containAdultContent: true, adultReason: null },
      ]) {
        const refused = await app().inject({
          method: 'PUT',
          url: `/api/admin/creators/${creator.creatorId}`,
          headers: { ...operator.headers, 'accept-language': language },
          payload: body,
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()).toMatchObject({ subErrors: [{ field: 'adultReason', message }] });
      }
    }
    const long = await admin('PUT', `/creators/${creator.creatorId}`, {
      containAdultContent: true,
      adultReason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ subErrors: [{ field: 'adultReason' }] });
    expect((await admin('GET', `/creators/${creator.creatorId}`)).json()).toMatchObject({
      containAdultContent: false,
      adultFlagDecision: null,
    });

    const flagged = await admin('PUT', `/creators/${creator.creatorId}`, {
      containAdultContent: true,
      adultReason: '소개 영상에 노출 장면이 있습니다',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json()).toMatchObject({
      containAdultContent: true,
      adultFlagDecision: {
        reason: '소개 영상에 노출 장면이 있습니다',
        decidedBy: operator.email.toLowerCase(),
        decidedAt: clock.now.toISOString(),
      },
    });
    const audited = await app()
      .db.selectFrom('admin_audit_log')
      .select(['actor_id', 'after'])
      .where('resource', '=', 'creators')
      .where('resource_id', '=', String(creator.creatorId))
      .where('status_code', '=', 200)
      .execute();
    expect(audited).toEqual([
      expect.objectContaining({
        actor_id: operator.id,
        after: expect.objectContaining({
          containAdultContent: true,
          adultFlagDecision: expect.objectContaining({ reason: '소개 영상에 노출 장면이 있습니다' }),
        }),
      }),
    ]);

    await drainOutbox(app().db, {
      consumers: [
        notificationsConsumer,
        createNotificationMailConsumer({ mailer: app().ctx.mailer, publicUrl: mailing.current.config.PUBLIC_URL }),
      ],
    });
    const notices = await app().inject({
      method: 'GET',
      url: '/api/v1/users/me/notifications/page',
      headers: { ...creator.headers, 'accept-language': 'ko' },
    });
    expect(notices.json().content).toContainEqual(
      expect.objectContaining({
        kind: 'CREATOR_ADULT_FLAGGED',
        content: expect.stringContaining('사유: 소개 영상에 노출 장면이 있습니다'),
      }),
    );
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.text).toContain('소개 영상에 노출 장면이 있습니다');
  });

  it('refuses a rejection without a reason, in the operator’s language', async () => {
    const creator = await queuedCreator();
    for (const [language, message] of [
      ['en', 'Enter the reason for the rejection.'],
      ['ko', '거절 사유를 입력해 주세요.'],
      ['ja', '却下の理由を入力してください。'],
    ] as const) {
      for (const body of [
        { reviewStatus: 'REJECTED' },
        { reviewStatus: 'REJECTED', reviewReason: '   ' },
        { reviewStatus: 'REJECTED', reviewReason: null },
      ]) {
        const refused = await app().inject({
          method: 'PUT',
          url: `/api/admin/creators/${creator.creatorId}`,
          headers: { ...operator.headers, 'accept-language': language },
          payload: body,
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ subErrors: [{ field: 'reviewReason', message }] });
      }
    }
    const unchanged = await admin('GET', `/creators/${creator.creatorId}`);
    expect(unchanged.json()).toMatchObject({ reviewStatus: 'PENDING' });

    // Un-verifying an approved creator is a rejection too, and needs its reason.
    await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' });
    const unverify = await admin('PUT', `/creators/${creator.creatorId}`, { verified: false });
    expect(unverify.statusCode).toBe(400);
    expect(unverify.json()).toMatchObject({ subErrors: [{ field: 'reviewReason' }] });
    const withReason = await admin('PUT', `/creators/${creator.creatorId}`, {
      verified: false,
      reviewReason: 'Copied content',
    });
    expect(withReason.json()).toMatchObject({
      verified: false,
      reviewStatus: 'REJECTED',
      reviewReason: 'Copied content',
    });
    // A whole record sent back with verified false (unchanged) and a new grade decides nothing more: the grade waits.
    const grade = await admin('PUT', `/creators/${creator.creatorId}`, {
      ...(withReason.json() as object),
      grade: 'DIAMOND',
    });
    expect(grade.json()).toMatchObject({ kind: 'CREATOR_GRADE_CHANGE', status: 'PENDING' });
    expect((await admin('GET', `/creators/${creator.creatorId}`)).json()).toMatchObject({
      reviewStatus: 'REJECTED',
      grade: 'SILVER',
    });
  });

  it('refuses going back to PENDING and a reason over 1000 characters', async () => {
    const creator = await queuedCreator();
    await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' });
    const back = await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'PENDING' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ subErrors: [{ field: 'reviewStatus' }] });
    const long = await admin('PUT', `/creators/${creator.creatorId}`, {
      reviewStatus: 'REJECTED',
      reviewReason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ subErrors: [{ field: 'reviewReason' }] });
  });

  it('rejects with a reason: hidden, mailed in Korean with the reason; the creator sees it, edits and is queued again', async () => {
    const creator = await queuedCreator({ language: 'ko' });
    const rejected = await admin('PUT', `/creators/${creator.creatorId}`, {
      reviewStatus: 'REJECTED',
      reviewReason: '소개 영상이 너무 짧습니다.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      verified: false,
      reviewStatus: 'REJECTED',
      reviewReason: '소개 영상이 너무 짧습니다.',
    });

    expect(mailing.current.smtp.mails().filter((mail) => mail.to.includes(creator.email.toLowerCase()))).toEqual([]);
    await sendReviewMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.subject).toBe('[Fanmission] 크리에이터 심사 결과 안내');
    expect(mail.text).toContain('사유: 소개 영상이 너무 짧습니다.');
    expect(mail.text).toContain('http://localhost:8080/newbie-creator-mypage');

    const event = await app()
      .db.selectFrom('outbox')
      .select('payload')
      .where('type', '=', 'creator.reviewed')
      .where('aggregate_id', '=', String(creator.creatorId))
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ reviewStatus: 'REJECTED', reason: '소개 영상이 너무 짧습니다.' });

    const publicPage = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(publicPage.statusCode).toBe(404);

    const mine = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: creator.headers });
    expect(mine.json()).toMatchObject({
      review: { status: 'REJECTED', reason: '소개 영상이 너무 짧습니다.', queued: false },
    });

    // The creator edits his profile (an intro is needed for a complete save): back in the queue.
    const intro = await app()
      .db.insertInto('files')
      .values({
        owner_user_id: creator.id,
        storage_key: `test/${creator.id}.mp4`,
        filename: 'intro.mp4',
        content_type: 'video/mp4',
        kind: 'video',
        size_bytes: 10,
        thumbnail_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app()
      .db.updateTable('creators')
      .set({ intro_file_id: intro.id })
      .where('id', '=', creator.creatorId)
      .execute();
    const saved = await app().inject({
      method: 'PUT',
      url: `/api/v1/creators/${creator.creatorId}`,
      headers: creator.headers,
      payload: {
        tags: tagIds,
        name: 'Edited name',
        url: `edited${creator.creatorId}`,
        snsLinks: [{ type: 'YOUTUBE', link: 'https://youtube.com/@edited' }],
        businessType: 'NONE',
        businessCashReceiptNumber: '01012345678',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ review: { status: 'PENDING', reason: null, queued: true } });
    const queue = await admin('GET', query({ queued: true, id: [creator.creatorId] }));
    expect(queue.json()).toEqual([
      expect.objectContaining({
        id: creator.creatorId,
        reviewStatus: 'PENDING',
        reviewReason: '소개 영상이 너무 짧습니다.',
      }),
    ]);
  });

  it('a mail server that fails neither fails nor repeats the decision; the mail goes out once it is back', async () => {
    const creator = await queuedCreator({ language: 'en' });
    const mailsTo = () => mailing.current.smtp.mails().filter((mail) => mail.to.includes(creator.email.toLowerCase()));
    const approved = await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' });
    expect(approved.statusCode).toBe(200);

    // Nothing listens on port 9 (discard) of this host: the SMTP connection is refused.
    const down = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Fanmission <no-reply@fanmission.local>' });
    const failing = createReviewMailConsumer({ mailer: down, publicUrl: mailing.current.config.PUBLIC_URL });
    await expect(drainOutbox(app().db, { consumers: [failing] })).rejects.toThrow();
    await expect(drainOutbox(app().db, { consumers: [failing] })).rejects.toThrow();
    await down.close();
    expect(mailsTo()).toEqual([]);
    const stored = await admin('GET', `/creators/${creator.creatorId}`);
    expect(stored.json()).toMatchObject({ verified: true, reviewStatus: 'APPROVED' });
    const events = await app()
      .db.selectFrom('outbox')
      .select('id')
      .where('type', '=', 'creator.reviewed')
      .where('aggregate_id', '=', String(creator.creatorId))
      .execute();
    expect(events).toHaveLength(1);

    await sendReviewMails();
    await sendReviewMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.subject).toBe('[Fanmission] Your creator review is approved');
    expect(mailsTo()).toHaveLength(1);
  });

  it('is decided by operators only: finance reads creators (their payout accounts), fans and creators get 403', async () => {
    const creator = await queuedCreator();
    for (const account of [fan, creator]) {
      for (const [method, url, payload] of [
        ['GET', '/creators', undefined],
        ['GET', `/creators/${creator.creatorId}`, undefined],
        ['PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' }],
      ] as const) {
        const denied = await admin(method, url, payload, account.headers);
        expect(denied.statusCode).toBe(403);
      }
    }
    expect((await admin('GET', `/creators/${creator.creatorId}`, undefined, finance.headers)).statusCode).toBe(200);
    const decided = await admin('PUT', `/creators/${creator.creatorId}`, { reviewStatus: 'APPROVED' }, finance.headers);
    expect(decided.statusCode).toBe(403);
    const anonymous = await app().inject({ method: 'GET', url: '/api/admin/creators' });
    expect(anonymous.statusCode).toBe(401);
    const still = await admin('GET', `/creators/${creator.creatorId}`);
    expect(still.json()).toMatchObject({ reviewStatus: 'PENDING', verified: false });
  });

  it('keeps the review consistent when a creator is marked verified directly (seed data)', async () => {
    const creator = await createCreator(app(), { verified: true });
    const row = await app()
      .db.selectFrom('creators')
      .select(['review_status'])
      .where('id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    expect(row.review_status).toBe('APPROVED');
  });
});
