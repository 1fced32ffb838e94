// A bank-deposit request tells the member what to pay, where and by when: the receiving account of the configuration,
// the item's exact price in won and the deadline BANK_DEPOSIT_DUE_HOURS after he asked; on the request's answer, in
// his pending charges and in a mail (his language) sent from the request's outbox event.
import type { Language } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createBankDepositMailConsumer } from './bank-transfer-mail-consumer';

const clock = { now: new Date('2026-11-27T01:30:00Z') };
const mailing = useMailingTestApp(clock);
const app = () => mailing.current.app;

let thousandCoins: { id: number; price: number };

beforeAll(async () => {
  thousandCoins = await app()
    .db.selectFrom('coin_items')
    .select(['id', 'price'])
    .where('item_type', '=', 'CASH')
    .where('point', '=', 1000)
    .executeTakeFirstOrThrow();
});

async function member(language: Language): Promise<TestAccount> {
  const account = await createAccount(app());
  await app().db.updateTable('users').set({ language }).where('id', '=', account.id).execute();
  return account;
}

const ask = (account: TestAccount, key?: string) =>
  app().inject({
    method: 'POST',
    url: '/api/v1/payment/bank-transfer',
    headers: { ...account.headers, 'accept-language': 'en', ...(key && { 'idempotency-key': key }) },
    payload: {
      coinItemId: thousandCoins.id,
      userId: account.id,
      depositorName: '홍길동',
      depositorPhone: '01012345678',
      receiptType: 'PHONE',
    },
  });

const sendMails = () =>
  drainOutbox(app().db, {
    consumers: [
      createBankDepositMailConsumer({ mailer: app().ctx.mailer, publicUrl: mailing.current.config.PUBLIC_URL }),
    ],
  });

const mailsTo = (email: string) => mailing.current.smtp.mails().filter((mail) => mail.to.includes(email.toLowerCase()));

const expected = {
  bankName: 'KB국민은행',
  accountNumber: '000000-00-000000',
  accountHolder: '(주)팬미션',
  amount: 100_000,
  // 72 hours after 2026-11-27 10:30 KST.
  dueAt: '2026-11-30T01:30:00.000Z',
};

describe('a bank-deposit request tells what to pay', () => {
  it('answers the account, the exact amount and the deadline, and lists them among the pending charges', async () => {
    const fan = await member('ko');
    const created = await ask(fan);
    expect(created.statusCode, created.body).toBe(200);
    expect(thousandCoins.price).toBe(expected.amount);
    expect(created.json()).toEqual({ id: expect.any(Number), instructions: expected });

    const pending = await app().inject({
      method: 'GET',
      url: `/api/v1/payment/bank-transfer/page?userId=${fan.id}`,
      headers: fan.headers,
    });
    expect(pending.json().content).toEqual([
      expect.objectContaining({ id: created.json().id, instructions: expected }),
    ]);
  });

  it('mails them once, from the outbox, in the member’s language', async () => {
    const fan = await member('ko');
    await ask(fan, 'deposit-1');
    await ask(fan, 'deposit-1'); // a retry is the same request: one mail
    // Sent by the outbox consumer, never by the request.
    expect(mailsTo(fan.email)).toEqual([]);
    await sendMails();
    const mail = await mailing.current.smtp.awaitMail(fan.email);
    expect(mail.subject).toBe('[Fanmission] 무통장 입금 안내');
    for (const line of [
      '1,000코인 충전을 위한 무통장 입금 신청이 접수되었습니다.',
      '은행: KB국민은행',
      '계좌번호: 000000-00-000000',
      '예금주: (주)팬미션',
      '입금액: 100,000원',
      '입금 기한: 2026.11.30 10:30 KST',
      '평일 10:00~19:00 입금 시 2시간 이내에 충전됩니다.',
      'http://localhost:8080/coin-history',
    ]) {
      expect(mail.text).toContain(line);
    }
    await sendMails();
    expect(mailsTo(fan.email)).toHaveLength(1);

    const english = await member('en');
    await ask(english);
    await sendMails();
    const inEnglish = await mailing.current.smtp.awaitMail(english.email);
    expect(inEnglish.subject).toBe('[Fanmission] How to pay your bank deposit');
    expect(inEnglish.text).toContain('Bank: KB Kookmin Bank');
    expect(inEnglish.text).toContain('Amount: KRW 100,000');
    expect(inEnglish.text).toContain('Pay by: 2026.11.30 10:30 KST');

    const japanese = await member('ja');
    await ask(japanese);
    await sendMails();
    const inJapanese = await mailing.current.smtp.awaitMail(japanese.email);
    expect(inJapanese.subject).toBe('[Fanmission] 銀行振込のご案内');
    expect(inJapanese.text).toContain('振込金額: 100,000ウォン');
    expect(inJapanese.text).toContain('振込期限: 2026.11.30 10:30 KST');
  });

  it('a request made before the instructions were recorded lists none (it was told none)', async () => {
    const fan = await member('ko');
    const { id } = (await ask(fan, 'before-1')).json() as { id: number };
    await app()
      .db.updateTable('bank_transfers')
      .set({ pay_to_bank_name: null, pay_to_account_number: null, pay_to_account_holder: null, pay_due_at: null })
      .where('id', '=', id)
      .execute();
    const pending = await app().inject({
      method: 'GET',
      url: `/api/v1/payment/bank-transfer/page?userId=${fan.id}`,
      headers: fan.headers,
    });
    expect(pending.json().content[0]).toMatchObject({ id, instructions: null });
    // A retry of it is told the configuration's, from when it was asked.
    const retried = await ask(fan, 'before-1');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ id, instructions: expected });
  });
});
