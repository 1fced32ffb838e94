import type { Language } from './languages';
import type { MissionStatus } from './missions';

/**
 * Texts both the server and the web show, kept once: the server answers them as the message of an error or a field
 * problem (its catalogue spreads these), and the web shows the same words for the same problem found before the
 * request or for the server's code. `{name}` placeholders; the web reads them through `sharedMessageForWeb`.
 */
export const SHARED_MESSAGES = {
  'error.internal': {
    ko: '서버 오류가 발생했습니다.',
    en: 'A server error occurred.',
    ja: 'サーバーエラーが発生しました。',
  },
  'validation.required': {
    ko: '필수 항목입니다.',
    en: 'This field is required.',
    ja: '必須項目です。',
  },
  'validation.numeric': {
    ko: '숫자만 입력할 수 있습니다.',
    en: 'Only digits are allowed.',
    ja: '数字のみ入力できます。',
  },
  'validation.email': {
    ko: '올바른 이메일 주소가 아닙니다.',
    en: 'This is not a valid e-mail address.',
    ja: '正しいメールアドレスではありません。',
  },
  'validation.url': {
    ko: '올바른 URL이 아닙니다.',
    en: 'This is not a valid URL.',
    ja: '正しいURLではありません。',
  },
  'validation.date': {
    ko: '날짜 형식(YYYY-MM-DD)이 올바르지 않습니다.',
    en: 'The date must be YYYY-MM-DD.',
    ja: '日付はYYYY-MM-DD形式で入力してください。',
  },
  'auth.passwordFormat': {
    ko: '비밀번호는 영문과 숫자를 섞어 8자 이상이어야 합니다.',
    en: 'The password must be at least 8 characters mixing letters and digits.',
    ja: 'パスワードは英字と数字を混ぜた8文字以上にしてください。',
  },
  'auth.tooYoung': {
    ko: '만 {min}세 이상만 가입할 수 있습니다.',
    en: 'You must be at least {min} years old to sign up.',
    ja: '{min}歳以上の方のみ登録できます。',
  },
  'auth.parentConsentRequired': {
    ko: '만 19세 미만은 법정대리인의 동의가 필요합니다.',
    en: 'Members under 19 need a parent or guardian’s consent.',
    ja: '19歳未満の方は保護者の同意が必要です。',
  },
  'auth.emailTaken': {
    ko: '이미 가입된 이메일입니다.',
    en: 'This e-mail address is already registered.',
    ja: 'すでに登録されているメールアドレスです。',
  },
  'auth.emailNotFound': {
    ko: '이메일 주소가 일치하지 않습니다.',
    en: 'The e-mail address does not match.',
    ja: 'メールアドレスが一致しません。',
  },
  'auth.currentPasswordMismatch': {
    ko: '기존 비밀번호가 일치하지 않습니다.',
    en: 'The existing password does not match.',
    ja: '現在のパスワードが一致しません。',
  },
  'files.imageOnly': {
    ko: '이미지 파일만 올릴 수 있습니다.',
    en: 'Only image files can be uploaded.',
    ja: '画像ファイルのみアップロードできます。',
  },
  'coins.creatorCannotCharge': {
    ko: '크리에이터는 코인을 충전할 수 없습니다.',
    en: 'creators cannot charge coins',
    ja: 'クリエイターはコインをチャージできません。',
  },
  'payments.payloadNotCreated': {
    ko: '결제 정보를 만들지 못했습니다. 관리자에게 문의해 주세요.',
    en: 'The payment could not be prepared. Please contact the administrator.',
    ja: '決済情報を作成できませんでした。管理者にお問い合わせください。',
  },
  'payments.failed': {
    ko: '결제에 실패했습니다: {reason}',
    en: 'The payment failed: {reason}',
    ja: '決済に失敗しました: {reason}',
  },
  'payments.depositFailed': {
    ko: '결제 금액이 출금되었을 수 있으나 코인 충전을 마치지 못했습니다. 관리자에게 문의해 주세요.',
    en: 'The money may have been withdrawn, but the coins could not be credited. Please contact the administrator.',
    ja: '代金が引き落とされた可能性がありますが、コインのチャージを完了できませんでした。管理者にお問い合わせください。',
  },
  'missions.notEnoughCoins': {
    ko: '코인이 부족합니다. 충전해 주세요.',
    en: 'Not enough coins, please charge.',
    ja: 'コインが不足しています。チャージしてください。',
  },
  'missions.belowMinimumCost': {
    ko: '최소 {min}코인 이상이어야 합니다.',
    en: 'Must be at least {min} coins.',
    ja: '{min}コイン以上である必要があります。',
  },
  'missions.unknownFileFormat': {
    ko: '알 수 없는 파일 형식입니다.',
    en: 'Unknown file format.',
    ja: '不明なファイル形式です。',
  },
  'events.allRequired': {
    ko: '모든 정보를 입력해야 합니다.',
    en: 'All information must be entered.',
    ja: 'すべての情報を入力してください。',
  },
  'events.drawNumberPositive': {
    ko: '추첨 인원은 0보다 커야 합니다.',
    en: 'The draw count must be greater than 0.',
    ja: '当選人数は0より大きくなければなりません。',
  },
  'events.applyStartPast': {
    ko: '응모 시작일은 오늘 이후여야 합니다.',
    en: 'The application start cannot be in the past.',
    ja: '応募開始日は今日以降にしてください。',
  },
  'events.datesOrder': {
    ko: '응모 마감일은 응모 시작일 이후여야 합니다.',
    en: 'The application end must not be before its start.',
    ja: '応募締切日は応募開始日以降にしてください。',
  },
  'events.eventEndTooSoon': {
    ko: '이벤트 종료일은 응모 마감일로부터 최소 {days}일 이후여야 합니다.',
    en: 'The event end must be at least {days} days after the application end.',
    ja: 'イベント終了日は応募締切日から{days}日以上後にしてください。',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type SharedMessageKey = keyof typeof SHARED_MESSAGES;

/** A shared text in i18next's `{{name}}` placeholder style, for the web's catalogues. */
export const sharedMessageForWeb = (language: Language, key: SharedMessageKey): string =>
  SHARED_MESSAGES[key][language].replace(/\{(\w+)\}/g, '{{$1}}');

/**
 * What members (the web app) and operators (the console) read for each mission status, the same words for both; here
 * beside the other shared texts, away from the schemas, so that the web's first paint loads no validation code.
 */
export const MISSION_STATUS_LABELS: Record<Language, Record<MissionStatus, string>> = {
  ko: {
    CREATED: '생성됨',
    REQUESTED: '요청됨',
    ACCEPTED: '진행 중',
    COMPLETED: '완료',
    REJECTED: '거절됨',
    TRANSCODING: '처리 중',
  },
  en: {
    CREATED: 'Created',
    REQUESTED: 'Requested',
    ACCEPTED: 'In progress',
    COMPLETED: 'Completed',
    REJECTED: 'Rejected',
    TRANSCODING: 'Processing',
  },
  ja: {
    CREATED: '作成済み',
    REQUESTED: 'リクエスト中',
    ACCEPTED: '進行中',
    COMPLETED: '完了',
    REJECTED: '拒否',
    TRANSCODING: '処理中',
  },
};
