import type { Language } from '@fanmission/contracts';
import { renderMail, type MailCopy, type Mailer } from '../mail';

type OutgoingMail = Parameters<Mailer['send']>[0];

interface ReviewCopy extends MailCopy {
  reasonLabel: string;
}

const approvedCopy: Record<Language, ReviewCopy> = {
  ko: {
    subject: '[Fanmission] 크리에이터 심사가 승인되었습니다',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: '크리에이터 심사가 승인되었습니다. 이제 크리에이터 페이지가 공개되고 검색에 노출되며 팬들이 미션을 요청할 수 있습니다.',
    reasonLabel: '',
    action: '내 크리에이터 페이지 보기',
    footer: '문의 사항은 고객센터(평일 11:00~19:00)로 연락해 주세요.',
  },
  en: {
    subject: '[Fanmission] Your creator review is approved',
    greeting: (name) => `Hello ${name},`,
    body: 'Your creator account is approved. Your creator page is now public, appears in search, and fans can request your missions.',
    reasonLabel: '',
    action: 'Open my creator page',
    footer: 'Questions? Contact the customer centre (weekdays 11:00 to 19:00).',
  },
  ja: {
    subject: '[Fanmission] クリエイター審査が承認されました',
    greeting: (name) => `${name}様`,
    body: 'クリエイター審査が承認されました。クリエイターページが公開され、検索に表示され、ファンがミッションをリクエストできるようになりました。',
    reasonLabel: '',
    action: 'クリエイターページを見る',
    footer: 'お問い合わせはカスタマーセンター（平日11:00〜19:00）までご連絡ください。',
  },
};

const rejectedCopy: Record<Language, ReviewCopy> = {
  ko: {
    subject: '[Fanmission] 크리에이터 심사 결과 안내',
    greeting: (name) => `${name}님, 안녕하세요.`,
    body: '아쉽지만 이번 크리에이터 심사는 승인되지 않았습니다. 아래 사유를 확인하고 프로필을 수정하면 다시 심사를 받을 수 있습니다.',
    reasonLabel: '사유',
    action: '프로필 수정하기',
    footer: '문의 사항은 고객센터(평일 11:00~19:00)로 연락해 주세요.',
  },
  en: {
    subject: '[Fanmission] The result of your creator review',
    greeting: (name) => `Hello ${name},`,
    body: 'Your creator review was not approved this time. See the reason below; once you edit your profile, it is reviewed again.',
    reasonLabel: 'Reason',
    action: 'Edit my profile',
    footer: 'Questions? Contact the customer centre (weekdays 11:00 to 19:00).',
  },
  ja: {
    subject: '[Fanmission] クリエイター審査結果のお知らせ',
    greeting: (name) => `${name}様`,
    body: '残念ながら今回のクリエイター審査は承認されませんでした。下記の理由をご確認のうえプロフィールを修正すると、再度審査を受けられます。',
    reasonLabel: '理由',
    action: 'プロフィールを編集する',
    footer: 'お問い合わせはカスタマーセンター（平日11:00〜19:00）までご連絡ください。',
  },
};

/** The mail telling a creator the operator's decision, in his language; a rejection carries the reason. */
export function creatorReviewMail(
  language: Language,
  to: string,
  name: string,
  decision: { approved: true } | { approved: false; reason: string },
  link: string,
): OutgoingMail {
  const copy = decision.approved ? approvedCopy[language] : rejectedCopy[language];
  const reasonLine = decision.approved ? null : `${copy.reasonLabel}: ${decision.reason}`;
  return renderMail(to, copy, { kind: 'creator_review', name, link, note: reasonLine });
}
