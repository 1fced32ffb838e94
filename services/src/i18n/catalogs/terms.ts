import type { Catalog } from './catalog';

/** Server messages of the terms versions (ko, en, ja): publishing, the notice and the members' acceptance. */
export const termsMessages = {
  'terms.kind.terms': { ko: '서비스 이용약관', en: 'Terms of service', ja: 'サービス利用規約' },
  'terms.kind.privacy': { ko: '개인정보처리방침', en: 'Privacy policy', ja: 'プライバシーポリシー' },
  'terms.kind.operating': { ko: '운영정책', en: 'Operating policy', ja: '運営ポリシー' },
  'terms.noticeTooShort': {
    ko: '시행일은 오늘부터 {days}일 이후({date} 이후)여야 합니다.',
    en: 'The effective date must be at least {days} days ahead (on or after {date}).',
    ja: '施行日は本日から{days}日以上先（{date}以降）にしてください。',
  },
  'terms.notAfterScheduled': {
    ko: '시행일은 예정된 버전의 시행일({date})보다 뒤여야 합니다.',
    en: 'The effective date must be after that of the version already scheduled ({date}).',
    ja: '施行日は予定済みの版の施行日（{date}）より後にしてください。',
  },
  'terms.versionNotFound': {
    ko: '약관 버전을 찾을 수 없습니다.',
    en: 'The terms version was not found.',
    ja: '規約の版が見つかりません。',
  },
  'terms.alreadyInForce': {
    ko: '이미 시행된 약관 버전은 철회하거나 바꿀 수 없습니다.',
    en: 'A version already in force can be neither withdrawn nor changed.',
    ja: '施行済みの版は撤回も変更もできません。',
  },
  'terms.alreadyWithdrawn': {
    ko: '이미 철회된 약관 버전입니다.',
    en: 'This version is already withdrawn.',
    ja: 'この版はすでに撤回されています。',
  },
  'terms.notPendingVersion': {
    ko: '동의할 수 있는 현재 시행 중인 약관 버전이 아닙니다.',
    en: 'This is not a version in force that you can accept.',
    ja: '同意できる施行中の版ではありません。',
  },
  'terms.acceptanceRequired': {
    ko: '변경된 약관에 동의한 뒤 이용할 수 있습니다.',
    en: 'Please accept the updated terms to go on.',
    ja: '変更された規約に同意してからご利用ください。',
  },
  'notification.TERMS_CHANGED': {
    ko: '{document} 변경 안내: {date}부터 적용됩니다. 변경 내용을 확인해 주세요.',
    en: 'The {document} changes on {date}. Please read what changes.',
    ja: '{document}が{date}から変更されます。変更内容をご確認ください。',
  },
  'terms.mailSubject': {
    ko: '[Fanmission] {document} 변경 안내 ({date} 시행)',
    en: '[Fanmission] Changes to the {document} (effective {date})',
    ja: '[Fanmission] {document}変更のお知らせ（{date}施行）',
  },
  'terms.mailGreeting': { ko: '{name}님, 안녕하세요.', en: 'Hello {name},', ja: '{name}さん、こんにちは。' },
  'terms.mailBody': {
    ko: 'Fanmission {document} 변경 안내: {date}부터 적용됩니다. 주요 변경 내용은 다음과 같습니다.',
    en: 'The Fanmission {document} changes on {date}. What changes:',
    ja: 'Fanmissionの{document}が{date}から変更されます。主な変更内容は次のとおりです。',
  },
  'terms.mailConsent': {
    ko: '시행일 이후 로그인하시면 변경된 약관에 동의를 요청드립니다. 동의하지 않으시면 회원 탈퇴를 하실 수 있습니다.',
    en: 'After that date you will be asked to accept the new version when you sign in; if you do not accept it, you may close your account.',
    ja: '施行日以降のログイン時に新しい版への同意をお願いします。同意されない場合は退会できます。',
  },
  'terms.mailNotice': {
    ko: '시행일 이후에도 서비스를 계속 이용하시면 변경된 내용에 동의한 것으로 봅니다.',
    en: 'Using the service after that date means you accept the new version.',
    ja: '施行日以降もサービスをご利用いただくと、変更内容に同意したものとみなされます。',
  },
  'terms.mailAction': { ko: '전문 보기', en: 'Read the full text', ja: '全文を見る' },
} as const satisfies Catalog;
