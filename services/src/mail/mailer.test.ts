import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '@fanmission/tests/harness/smtp';
import { processCounterValue } from '@fanmission/tests/support/metrics';
import { createDevMailbox, createSmtpMailer, eventMessageId, type Mailer, pooled } from './mailer';

describe('createSmtpMailer (through a real SMTP listener)', () => {
  let smtp: SmtpTestServer;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'Fanmission <no-reply@fanmission.test>' });
  });

  afterAll(async () => {
    await mailer?.close();
    await smtp?.stop();
  });

  it('delivers subject, text and html, and a link in the text survives intact', async () => {
    const link = 'https://fanmission.test/verify-email?token=abc.DEF_123-xyz&lang=ko';
    await mailer.send({
      to: 'Fan.One@Example.com',
      subject: '이메일 인증 — verify your address',
      text: `안녕하세요!\n\nOpen this link to verify your address:\n${link}\n\nThe link expires in 24 hours.`,
      html: `<p>Open <a href="${link.replace(/&/g, '&amp;')}">this link</a> to verify your address.</p>`,
    });

    const mail = await smtp.awaitMail('fan.one@example.com', { subject: /verify/ });
    expect(mail.from).toBe('no-reply@fanmission.test');
    expect(mail.to).toEqual(['fan.one@example.com']);
    expect(mail.subject).toBe('이메일 인증 — verify your address');
    expect(mail.text).toContain('안녕하세요!');
    expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toBe(link);
    expect(mail.html).toContain('href="https://fanmission.test/verify-email?token=abc.DEF_123-xyz&amp;lang=ko"');
  });

  it('sends the Message-ID it is given, and pools connections unless the URL says otherwise', async () => {
    const messageId = eventMessageId(
      'notification',
      '0b7e0f4e-2c1a-4f6b-9d3e-5a1c2b3d4e5f',
      'https://fanmission.kr',
      42,
    );
    expect(messageId).toBe('<notification.0b7e0f4e-2c1a-4f6b-9d3e-5a1c2b3d4e5f.42@fanmission.kr>');
    await mailer.send({ to: 'twice@example.com', subject: 'Same mail', text: 'once', messageId });
    const mail = await smtp.awaitMail('twice@example.com');
    expect(mail.messageId).toBe(messageId);
    expect(pooled('smtp://user:pass@mail.example.com:587')).toBe('smtp://user:pass@mail.example.com:587?pool=true');
    expect(pooled('smtps://mail.example.com:465?pool=false')).toBe('smtps://mail.example.com:465?pool=false');
  });

  it('a sender that resets its connection in the middle of a mail leaves the listener serving the next one', async () => {
    const { port } = new URL(smtp.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let said = '';
    const answered = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          said += chunk.toString();
          if (!pattern.test(said)) return;
          socket.off('data', read);
          resolve();
        };
        socket.on('data', read);
        socket.once('error', reject);
      });
    await answered(/^220 /m);
    socket.write('EHLO killed.example\r\n');
    await answered(/^250 /m);
    said = '';
    socket.write('MAIL FROM:<worker@fanmission.test>\r\n');
    await answered(/^250 /m);
    // As a killed process's connection ends: a reset, no QUIT.
    socket.resetAndDestroy();
    await mailer.send({ to: 'after-reset@example.com', subject: 'Still here', text: 'served' });
    await expect(smtp.awaitMail('after-reset@example.com')).resolves.toMatchObject({ subject: 'Still here' });
  });

  it('awaitMail waits for a later mail, and rejects with a clear message when none arrives', async () => {
    const waiting = smtp.awaitMail('late@example.com', { timeoutMs: 5_000 });
    await mailer.send({ to: 'late@example.com', subject: 'Password reset', text: 'https://fanmission.test/reset?t=1' });
    await expect(waiting).resolves.toMatchObject({ subject: 'Password reset' });

    await expect(smtp.awaitMail('late@example.com', { subject: /never/, timeoutMs: 200 })).rejects.toThrow(
      /No mail to late@example.com with a subject matching \/never\/ arrived within 200 ms/,
    );
    await expect(smtp.awaitMail('nobody@example.com', { timeoutMs: 200 })).rejects.toThrow(/nobody@example.com/);
  });
});

describe('fanmission_mails_total', () => {
  const mails = (kind: string, outcome: string) => processCounterValue('fanmission_mails_total', { kind, outcome });

  it('counts each mail by kind as sent, or failed when the server refuses it', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'no-reply@fanmission.test' });
    // Nothing listens on port 1: the connection is refused.
    const unreachable = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@fanmission.test' });
    try {
      const [sent, failed, other] = [
        await mails('verification', 'sent'),
        await mails('verification', 'failed'),
        await mails('other', 'sent'),
      ];
      await mailer.send({ kind: 'verification', to: 'a@example.com', subject: 'Verify', text: 'link' });
      await expect(
        unreachable.send({ kind: 'verification', to: 'b@example.com', subject: 'Verify', text: 'link' }),
      ).rejects.toThrow();
      await createDevMailbox({ from: 'x@example.com' }).send({ to: 'c@example.com', subject: 'no kind', text: '' });
      expect(await mails('verification', 'sent')).toBe(sent + 1);
      expect(await mails('verification', 'failed')).toBe(failed + 1);
      expect(await mails('other', 'sent')).toBe(other + 1);
    } finally {
      await mailer.close();
      await unreachable.close();
      await smtp.stop();
    }
  });
});

describe('createDevMailbox', () => {
  it('lists mails newest first and finds each by id', async () => {
    const mailbox = createDevMailbox({ from: 'no-reply@fanmission.test' });
    await mailbox.send({ to: 'a@example.com', subject: 'first', text: 'one' });
    await mailbox.send({ to: 'b@example.com', subject: 'second', text: 'two', html: '<b>two</b>' });

    const list = mailbox.list();
    expect(list.map((mail) => mail.subject)).toEqual(['second', 'first']);
    expect(list[0]).toMatchObject({ from: 'no-reply@fanmission.test', to: 'b@example.com', html: '<b>two</b>' });
    expect(list[1]?.html).toBeUndefined();
    expect(new Date(list[0]!.sentAt).toISOString()).toBe(list[0]!.sentAt);
    expect(new Set(list.map((mail) => mail.id)).size).toBe(2);
    expect(mailbox.get(list[1]!.id)?.subject).toBe('first');
    expect(mailbox.get('no-such-id')).toBeUndefined();
  });

  it('keeps only the newest `limit` mails (200 by default)', async () => {
    const small = createDevMailbox({ from: 'x@fanmission.test', limit: 3 });
    for (let i = 1; i <= 5; i++) await small.send({ to: 'a@example.com', subject: `mail ${i}`, text: '' });
    expect(small.list().map((mail) => mail.subject)).toEqual(['mail 5', 'mail 4', 'mail 3']);

    const byDefault = createDevMailbox({ from: 'x@fanmission.test' });
    for (let i = 1; i <= 205; i++) await byDefault.send({ to: 'a@example.com', subject: `mail ${i}`, text: '' });
    const list = byDefault.list();
    expect(list).toHaveLength(200);
    expect(list[0]?.subject).toBe('mail 205');
    expect(list.at(-1)?.subject).toBe('mail 6');
  });

  it('hands out copies, so callers cannot alter the stored mails', async () => {
    const mailbox = createDevMailbox({ from: 'x@fanmission.test' });
    await mailbox.send({ to: 'a@example.com', subject: 'original', text: '' });
    mailbox.list()[0]!.subject = 'changed';
    expect(mailbox.list()[0]?.subject).toBe('original');
  });
});
