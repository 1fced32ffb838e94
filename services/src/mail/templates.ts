import type { Language } from '@fanmission/contracts';
import type { MailKind, OutgoingMail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The words of one mail in one language: a greeting, a paragraph, a button to `link` and a small footer. */
export interface MailCopy {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
}

/**
 * Every Fanmission mail, as text and as HTML: the greeting, the body, an optional highlighted note (e.g. the reason
 * of a refusal), the action as a button to `link`, then the footer. With `linkInFooter` the link is written out
 * under the footer too, for a mail whose link the reader may have to copy (verification, password reset).
 */
export function renderMail(
  to: string,
  copy: MailCopy,
  content: { kind: MailKind; name: string; link: string; note?: string | null; linkInFooter?: boolean },
): OutgoingMail {
  const { name, link, note } = content;
  const text = [
    copy.greeting(name),
    '',
    copy.body,
    ...(note ? ['', note] : []),
    '',
    `${copy.action}: ${link}`,
    '',
    copy.footer,
  ].join('\n');
  const footerLink = content.linkInFooter ? `<br>${escapeHtml(link)}` : '';
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.6">
<p>${escapeHtml(copy.greeting(name))}</p>
<p>${escapeHtml(copy.body)}</p>
${note ? `<p style="padding:12px;background:#fff3f5;border-radius:8px">${escapeHtml(note)}</p>\n` : ''}<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#ff3d6e;color:#fff;border-radius:24px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p style="color:#888;font-size:12px">${escapeHtml(copy.footer)}${footerLink}</p>
</body></html>`;
  return { kind: content.kind, to, subject: copy.subject, text, html };
}

const verificationCopy: Record<Language, MailCopy> = {
  ko: {
    subject: '[Fanmission] 이메일 인증을 완료해 주세요',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: 'Fanmission 가입을 환영합니다. 아래 링크를 눌러 이메일 인증을 완료하면 가입이 끝납니다. 링크는 24시간 동안 한 번만 사용할 수 있습니다.',
    action: '이메일 인증하기',
    footer: '본인이 가입하지 않았다면 이 메일을 무시하세요.',
  },
  en: {
    subject: '[Fanmission] Please verify your e-mail address',
    greeting: (name) => `Hello ${name},`,
    body: 'Welcome to Fanmission. Follow the link below to verify your e-mail address and finish signing up. The link works once, for 24 hours.',
    action: 'Verify my e-mail',
    footer: 'If you did not sign up, ignore this mail.',
  },
  ja: {
    subject: '[Fanmission] メールアドレスの認証をお願いします',
    greeting: (name) => `${name}様`,
    body: 'Fanmissionへようこそ。下のリンクからメールアドレスを認証すると登録が完了します。リンクは24時間、1回だけ有効です。',
    action: 'メールアドレスを認証する',
    footer: 'お心当たりがない場合は、このメールを無視してください。',
  },
};

const passwordResetCopy: Record<Language, MailCopy> = {
  ko: {
    subject: '[Fanmission] 비밀번호 재설정 안내',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: '비밀번호 재설정을 요청하셨습니다. 아래 링크에서 새 비밀번호를 설정하세요. 링크는 30분 동안 한 번만 사용할 수 있습니다.',
    action: '비밀번호 재설정',
    footer: '요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  },
  en: {
    subject: '[Fanmission] Reset your password',
    greeting: (name) => `Hello ${name},`,
    body: 'You asked to reset your password. Set a new one with the link below. The link works once, for 30 minutes.',
    action: 'Reset my password',
    footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  ja: {
    subject: '[Fanmission] パスワード再設定のご案内',
    greeting: (name) => `${name}様`,
    body: 'パスワードの再設定がリクエストされました。下のリンクから新しいパスワードを設定してください。リンクは30分間、1回だけ有効です。',
    action: 'パスワードを再設定する',
    footer: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
};

export function verificationMail(language: Language, to: string, name: string, link: string): OutgoingMail {
  return renderMail(to, verificationCopy[language], { kind: 'verification', name, link, linkInFooter: true });
}

export function passwordResetMail(language: Language, to: string, name: string, link: string): OutgoingMail {
  return renderMail(to, passwordResetCopy[language], { kind: 'password_reset', name, link, linkInFooter: true });
}
