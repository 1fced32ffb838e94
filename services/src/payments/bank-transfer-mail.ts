import {
  type BankDepositInstructions,
  BANKS,
  formatKoreaTime,
  formatNumber,
  type Language,
} from '@fanmission/contracts';
import { renderMail, type Mailer } from '../mail';

type OutgoingMail = Parameters<Mailer['send']>[0];

interface InstructionsCopy {
  subject: string;
  greeting: (name: string) => string;
  body: (coins: number) => string;
  lines: (to: { bank: string; number: string; holder: string; amount: string; due: string }) => string[];
  won: (amount: string) => string;
  note: string;
  action: string;
  footer: string;
}

const copies: Record<Language, InstructionsCopy> = {
  ko: {
    subject: '[Fanmission] 무통장 입금 안내',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: (coins) =>
      `${formatNumber(coins)}코인 충전을 위한 무통장 입금 신청이 접수되었습니다. 아래 계좌로 입금해 주세요.`,
    lines: (to) => [
      `은행: ${to.bank}`,
      `계좌번호: ${to.number}`,
      `예금주: ${to.holder}`,
      `입금액: ${to.amount}`,
      `입금 기한: ${to.due}`,
    ],
    won: (amount) => `${amount}원`,
    note: '신청하신 입금자명으로 정확한 금액을 입금해 주세요. 평일 10:00~19:00 입금 시 2시간 이내에 충전됩니다.',
    action: '입금 대기 내역 보기',
    footer: '문의 사항은 고객센터(평일 11:00~19:00)로 연락해 주세요.',
  },
  en: {
    subject: '[Fanmission] How to pay your bank deposit',
    greeting: (name) => `Hello ${name},`,
    body: (coins) =>
      `We received your request to charge ${formatNumber(coins)} coins by bank deposit. Please pay into the account below.`,
    lines: (to) => [
      `Bank: ${to.bank}`,
      `Account number: ${to.number}`,
      `Account holder: ${to.holder}`,
      `Amount: ${to.amount}`,
      `Pay by: ${to.due}`,
    ],
    won: (amount) => `KRW ${amount}`,
    note: 'Pay the exact amount under the depositor name you gave. Deposits made on weekdays 10:00 to 19:00 are credited within 2 hours.',
    action: 'See my pending charges',
    footer: 'Questions? Contact the customer centre (weekdays 11:00 to 19:00).',
  },
  ja: {
    subject: '[Fanmission] 銀行振込のご案内',
    greeting: (name) => `${name}様`,
    body: (coins) =>
      `${formatNumber(coins)}コインのチャージのための銀行振込のお申し込みを受け付けました。下記の口座にお振り込みください。`,
    lines: (to) => [
      `銀行: ${to.bank}`,
      `口座番号: ${to.number}`,
      `口座名義: ${to.holder}`,
      `振込金額: ${to.amount}`,
      `振込期限: ${to.due}`,
    ],
    won: (amount) => `${amount}ウォン`,
    note: 'お申し込みの振込名義で、正確な金額をお振り込みください。平日10:00〜19:00のお振り込みは2時間以内にチャージされます。',
    action: '入金待ちを見る',
    footer: 'お問い合わせはカスタマーセンター（平日11:00〜19:00）までご連絡ください。',
  },
};

/** The bank's name in the reader's language (the configuration names it in Korean). */
function bankName(name: string, language: Language): string {
  const bank = BANKS.find((entry) => entry.ko === name);
  return language === 'ko' || !bank ? name : bank.en;
}

/**
 * The mail telling a member how to pay the bank-deposit request he made, in his language: the receiving account, the
 * exact amount in won and the deadline (Korea time); `link` opens his pending charges.
 */
export function bankDepositInstructionsMail(
  language: Language,
  to: string,
  name: string,
  request: { coins: number; instructions: BankDepositInstructions },
  link: string,
): OutgoingMail {
  const copy = copies[language];
  const { instructions } = request;
  const lines = copy.lines({
    bank: bankName(instructions.bankName, language),
    number: instructions.accountNumber,
    holder: instructions.accountHolder,
    amount: copy.won(formatNumber(instructions.amount)),
    due: formatKoreaTime(new Date(instructions.dueAt)),
  });
  return renderMail(
    to,
    {
      subject: copy.subject,
      greeting: copy.greeting,
      body: `${copy.body(request.coins)}\n\n${lines.join('\n')}`,
      action: copy.action,
      footer: copy.footer,
    },
    { kind: 'bank_deposit_instructions', name, link, note: copy.note },
  );
}
