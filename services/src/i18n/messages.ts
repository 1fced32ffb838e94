import type { Language } from '@fanmission/contracts';

/**
 * Server messages in the three UI languages. Keys are referenced by errors thrown anywhere in the services and by
 * custom messages in zod schemas; `{name}` placeholders are filled from the error's parameters.
 */
const catalog = {
  'error.validation': {
    ko: '입력값이 올바르지 않습니다.',
    en: 'The request has invalid values.',
    ja: '入力値が正しくありません。',
  },
  'error.notFound': {
    ko: '요청한 리소스를 찾을 수 없습니다.',
    en: 'The requested resource was not found.',
    ja: 'リクエストされたリソースが見つかりません。',
  },
  'error.apiPathNotFound': {
    ko: 'API 경로를 찾을 수 없습니다: {method} {path}',
    en: 'No API route matches {method} {path}.',
    ja: 'APIのパスが見つかりません: {method} {path}',
  },
  // The client matches 403 bodies against this literal English text, so it is the same in every language.
  'error.accessDenied': { ko: 'access denied', en: 'access denied', ja: 'access denied' },
  'error.unauthorized': {
    ko: '로그인이 필요합니다.',
    en: 'You need to log in.',
    ja: 'ログインが必要です。',
  },
  'error.conflict': {
    ko: '이미 존재하는 값입니다.',
    en: 'That value already exists.',
    ja: 'すでに存在する値です。',
  },
  'error.payloadTooLarge': {
    ko: '요청 본문이 너무 큽니다.',
    en: 'The request body is too large.',
    ja: 'リクエスト本文が大きすぎます。',
  },
  'error.unsupportedMediaType': {
    ko: '지원하지 않는 형식입니다.',
    en: 'Unsupported content type.',
    ja: 'サポートされていない形式です。',
  },
  'error.malformedBody': {
    ko: '요청 본문을 읽을 수 없습니다.',
    en: 'The request body could not be read.',
    ja: 'リクエスト本文を読み取れません。',
  },
  'error.tooManyRequests': {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests. Please try again later.',
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  },
  'error.internal': {
    ko: '서버 오류가 발생했습니다.',
    en: 'A server error occurred.',
    ja: 'サーバーエラーが発生しました。',
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
  'validation.url': { ko: '올바른 URL이 아닙니다.', en: 'This is not a valid URL.', ja: '正しいURLではありません。' },
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
  'auth.badCredentials': {
    ko: '이메일 또는 비밀번호를 확인해 주세요.',
    en: 'Please check your Email or Password.',
    ja: 'メールアドレスまたはパスワードをご確認ください。',
  },
  'auth.loginBlocked': {
    ko: '운영 정책 위반으로 로그인이 제한된 계정입니다. 고객센터로 문의해 주세요.',
    en: 'This account may not log in because of a policy violation. Please contact support.',
    ja: '運営ポリシー違反によりログインが制限されているアカウントです。サポートまでお問い合わせください。',
  },
  'auth.expiredToken': {
    ko: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    en: 'Your login has expired. Please log in again.',
    ja: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  },
  'auth.invalidToken': {
    ko: '유효하지 않은 로그인 정보입니다. 다시 로그인해 주세요.',
    en: 'Your login is not valid. Please log in again.',
    ja: 'ログイン情報が無効です。もう一度ログインしてください。',
  },
  'auth.emailTaken': {
    ko: '이미 가입된 이메일입니다.',
    en: 'This e-mail address is already registered.',
    ja: 'すでに登録されているメールアドレスです。',
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
  'auth.redirectNotAllowed': {
    ko: '이 서비스의 주소만 사용할 수 있습니다.',
    en: 'Only addresses of this service are allowed.',
    ja: 'このサービスのアドレスのみ使用できます。',
  },
  'auth.emailNotFound': {
    ko: '이메일 주소가 일치하지 않습니다.',
    en: 'The e-mail address does not match.',
    ja: 'メールアドレスが一致しません。',
  },
  'auth.socialAccountNoPassword': {
    ko: '소셜 로그인으로 가입한 계정은 비밀번호를 찾거나 바꿀 수 없습니다.',
    en: 'Accounts created through social login have no password to recover or change.',
    ja: 'ソーシャルログインで登録したアカウントはパスワードを再設定・変更できません。',
  },
  'auth.resetCodeInvalid': {
    ko: '비밀번호 변경 페이지가 만료되었습니다. 처음부터 다시 진행해 주세요.',
    en: 'The password reset page has expired. Please start again.',
    ja: 'パスワード再設定ページの有効期限が切れました。最初からやり直してください。',
  },
  'auth.currentPasswordMismatch': {
    ko: '기존 비밀번호가 일치하지 않습니다.',
    en: 'The existing password does not match.',
    ja: '現在のパスワードが一致しません。',
  },
  'auth.alreadyVerified': {
    ko: '이미 인증이 완료된 계정입니다.',
    en: 'This account is already verified.',
    ja: 'すでに認証済みのアカウントです。',
  },
  'auth.notVerified': {
    ko: '이메일 인증 후 이용할 수 있습니다.',
    en: 'Please verify your e-mail address first.',
    ja: 'メールアドレスの認証後にご利用いただけます。',
  },
  'users.alreadyCreator': {
    ko: '이미 크리에이터 계정입니다.',
    en: 'This is already a creator account.',
    ja: 'すでにクリエイターアカウントです。',
  },
  'oauth.providerNotConfigured': {
    ko: '지원하지 않는 로그인 방식입니다.',
    en: 'This sign-in method is not available.',
    ja: 'このログイン方法はご利用いただけません。',
  },
  // The client shows this English text verbatim.
  'oauth.appleFailed': {
    ko: '애플 로그인에 실패했습니다.',
    en: 'Apple Login is Failed',
    ja: 'Appleログインに失敗しました。',
  },
  'oauth.providerUnavailable': {
    ko: '로그인 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The sign-in service cannot be reached. Please try again later.',
    ja: 'ログインサービスに接続できません。しばらくしてから再度お試しください。',
  },
  'files.unknownFormat': {
    ko: '알 수 없는 파일 형식입니다. 이미지, 동영상, 음성 파일만 올릴 수 있습니다.',
    en: 'Unknown file format. Only image, video and audio files can be uploaded.',
    ja: '不明なファイル形式です。画像・動画・音声ファイルのみアップロードできます。',
  },
  'files.imageOnly': {
    ko: '이미지 파일만 올릴 수 있습니다.',
    en: 'Only image files can be uploaded.',
    ja: '画像ファイルのみアップロードできます。',
  },
  'files.tooLarge': {
    ko: '파일이 너무 큽니다. 최대 {max}까지 올릴 수 있습니다.',
    en: 'The file is too large. The limit is {max}.',
    ja: 'ファイルが大きすぎます。上限は{max}です。',
  },
  'files.inUse': {
    ko: '사용 중인 파일은 삭제할 수 없습니다.',
    en: 'This file is in use and cannot be deleted.',
    ja: '使用中のファイルは削除できません。',
  },
  'validation.required': { ko: '필수 항목입니다.', en: 'This field is required.', ja: '必須項目です。' },
  'validation.unknownField': {
    ko: '알 수 없는 항목입니다.',
    en: 'This field is not allowed.',
    ja: '不明な項目です。',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof catalog;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalog, value);
}

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalog[key][language].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
