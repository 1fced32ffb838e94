import {
  BANKS,
  formatKoreaTime,
  maskAccountNumber,
  PAYOUT_ACCOUNT_HOLD_HOURS,
  type Language,
} from '@fanmission/contracts';
import { renderMail, type MailCopy, type Mailer } from '../mail';

type OutgoingMail = Parameters<Mailer['send']>[0];

/** An account as the mail names it: the bank and the last four digits, never the whole number. */
export interface MailedAccount {
  bankName: string | null;
  bankAccountNumber: string | null;
  overseas: boolean;
}

export interface MailedChange {
  at: Date;
  byCreator: boolean;
  from: MailedAccount;
  to: MailedAccount;
}

interface ChangeCopy {
  subject: string;
  greeting: (name: string) => string;
  body: (when: string, byCreator: boolean, from: string, to: string) => string;
  none: string;
  overseas: string;
  notYou: string;
  action: string;
  footer: string;
}

const hours = PAYOUT_ACCOUNT_HOLD_HOURS;

const copies: Record<Language, ChangeCopy> = {
  ko: {
    subject: '[Fanmission] 정산 계좌가 변경되었습니다',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: (when, byCreator, from, to) =>
      `${when}에 ${byCreator ? '회원님이' : 'Fanmission 재무팀이'} 정산 계좌를 변경했습니다. 변경 전: ${from}. ` +
      `변경 후: ${to}. 변경 후 ${hours}시간 안에 발행되는 정산은 재무팀이 확인한 뒤 지급됩니다.`,
    none: '없음',
    overseas: '해외 계좌',
    notYou:
      '본인이 변경하지 않았다면 아래 버튼으로 비밀번호를 재설정하고(모든 기기에서 로그아웃됩니다) 고객센터로 바로 연락해 주세요.',
    action: '비밀번호 재설정',
    footer: '문의 사항은 고객센터(평일 11:00~19:00)로 연락해 주세요.',
  },
  en: {
    subject: '[Fanmission] Your payout account was changed',
    greeting: (name) => `Hello ${name},`,
    body: (when, byCreator, from, to) =>
      `Your payout account was changed on ${when} by ${byCreator ? 'you' : 'Fanmission finance'}. ` +
      `Before: ${from}. After: ${to}. A statement issued within ${hours} hours of the change is paid once finance ` +
      'has checked it.',
    none: 'none',
    overseas: 'overseas account',
    notYou:
      'If this was not you, reset your password with the button below (this signs you out everywhere) and contact ' +
      'the customer centre at once.',
    action: 'Reset my password',
    footer: 'Questions? Contact the customer centre (weekdays 11:00 to 19:00).',
  },
  ja: {
    subject: '[Fanmission] 精算口座が変更されました',
    greeting: (name) => `${name}様`,
    body: (when, byCreator, from, to) =>
      `${when}に${byCreator ? 'ご本人により' : 'Fanmission経理担当により'}精算口座が変更されました。` +
      `変更前: ${from}。変更後: ${to}。変更から${hours}時間以内に発行される精算は、経理担当の確認後に支払われます。`,
    none: 'なし',
    overseas: '海外口座',
    notYou:
      'お心当たりがない場合は、下のボタンからパスワードを再設定し（すべての端末からログアウトされます）、すぐにカスタマーセンターへご連絡ください。',
    action: 'パスワードを再設定する',
    footer: 'お問い合わせはカスタマーセンター（平日11:00〜19:00）までご連絡ください。',
  },
};

function describe(account: MailedAccount, language: Language, copy: ChangeCopy): string {
  if (account.bankName === null || account.bankAccountNumber === null) return copy.none;
  const bank = BANKS.find((entry) => entry.ko === account.bankName);
  const bankName = language === 'ko' || !bank ? account.bankName : bank.en;
  const place = account.overseas ? ` (${copy.overseas})` : '';
  return `${bankName} ${maskAccountNumber(account.bankAccountNumber)}${place}`;
}

/**
 * The mail telling a creator his payout account changed, in his language: when, by whom, the account before and after
 * with only their last four digits, and what to do if it was not him (`link`: resetting the password).
 */
export function payoutAccountChangedMail(
  language: Language,
  to: string,
  name: string,
  change: MailedChange,
  link: string,
): OutgoingMail {
  const copy = copies[language];
  const mailCopy: MailCopy = {
    subject: copy.subject,
    greeting: copy.greeting,
    body: copy.body(
      formatKoreaTime(change.at),
      change.byCreator,
      describe(change.from, language, copy),
      describe(change.to, language, copy),
    ),
    action: copy.action,
    footer: copy.footer,
  };
  return renderMail(to, mailCopy, { kind: 'payout_account_changed', name, link, note: copy.notYou });
}
