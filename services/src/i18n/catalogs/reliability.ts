import type { Catalog } from './catalog';

/** Server messages of the reliability fixes: ko, en, ja. */
export const reliabilityMessages = {
  'error.databaseUnavailable': {
    ko: '지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The service is temporarily unavailable. Please try again shortly.',
    ja: '現在サービスをご利用いただけません。しばらくしてからもう一度お試しください。',
  },
  'error.uploadQuotaExceeded': {
    ko: '업로드 한도를 넘었습니다. 잠시 후 다시 시도해 주세요.',
    en: 'You have reached your upload limit. Please try again later.',
    ja: 'アップロードの上限に達しました。しばらくしてからもう一度お試しください。',
  },
  'validation.passwordTooLong': {
    ko: '비밀번호가 너무 깁니다.',
    en: 'The password is too long.',
    ja: 'パスワードが長すぎます。',
  },
} as const satisfies Catalog;
