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
