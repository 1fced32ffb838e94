import type { Catalog } from './catalog';

/**
 * Server messages of the mobile number's confirmation by SMS code (ko, en, ja): the SMS itself and the problems of a
 * request (services/src/users/phone-confirmation.ts).
 */
export const phoneMessages = {
  'validation.mobileNumber': {
    ko: '휴대폰 번호(010으로 시작하는 숫자)를 입력해 주세요.',
    en: 'Enter a mobile number (digits starting with 010).',
    ja: '携帯電話番号（010で始まる数字）を入力してください。',
  },
  'validation.phoneCode': {
    ko: '인증번호 6자리 숫자를 입력해 주세요.',
    en: 'Enter the 6-digit code.',
    ja: '6桁の認証番号を入力してください。',
  },
  'phone.codeSms': {
    ko: '[Fanmission] 인증번호 [{code}]를 입력해 주세요. 5분 동안 유효합니다.',
    en: '[Fanmission] Your code is [{code}]. It is valid for 5 minutes.',
    ja: '[Fanmission] 認証番号は[{code}]です。5分間有効です。',
  },
  'phone.codeWrong': {
    ko: '인증번호가 맞지 않습니다. (남은 시도 {remaining}회)',
    en: 'This code is not right ({remaining} tries left).',
    ja: '認証番号が正しくありません（残り{remaining}回）。',
  },
  'phone.codeExpired': {
    ko: '인증번호가 만료되었거나 더 이상 쓸 수 없습니다. 새 인증번호를 요청해 주세요.',
    en: 'This code has expired or can no longer be used. Please request a new code.',
    ja: '認証番号の有効期限が切れたか、使用できません。新しい認証番号をリクエストしてください。',
  },
  'phone.tooManyCodes': {
    ko: '인증번호 SMS를 너무 자주 요청했습니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'Too many code messages asked for. Please try again in {seconds} seconds.',
    ja: '認証番号のSMSのリクエストが多すぎます。{seconds}秒後にもう一度お試しください。',
  },
  'phone.unverifiedAccount': {
    ko: '이메일 인증을 마친 뒤 휴대폰 번호를 인증할 수 있습니다.',
    en: 'Confirm your e-mail address first, then your mobile number.',
    ja: 'メールアドレスの認証後に携帯電話番号を認証できます。',
  },
  'phone.smsUnavailable': {
    ko: '지금은 인증번호 SMS를 보낼 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The code cannot be sent by SMS right now. Please try again later.',
    ja: '現在、認証番号のSMSを送信できません。しばらくしてから再度お試しください。',
  },
} as const satisfies Catalog;
