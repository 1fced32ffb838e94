import type { Catalog } from './catalog';

/** Server messages of adult content and the identity verification that opens it (ko, en, ja). */
export const adultContentMessages = {
  'adult.loginRequired': {
    ko: '19세 이상만 볼 수 있는 콘텐츠입니다. 로그인 후 성인 인증을 해 주세요.',
    en: 'This content is for adults aged 19 or over. Please log in and verify your age.',
    ja: '19歳以上のみ閲覧できるコンテンツです。ログインして成人認証を行ってください。',
  },
  'adult.verificationRequired': {
    ko: '19세 이상만 볼 수 있는 콘텐츠입니다. 본인인증으로 성인 인증을 해 주세요.',
    en: 'This content is for adults aged 19 or over. Please verify your age with an identity check.',
    ja: '19歳以上のみ閲覧できるコンテンツです。本人認証で成人認証を行ってください。',
  },
  'adult.underAge': {
    ko: '만 19세 미만은 성인 인증을 할 수 없습니다. 19세 이상만 볼 수 있는 콘텐츠는 볼 수 없습니다.',
    en: 'Members under 19 cannot be verified as adults, so this content is not available to you.',
    ja: '満19歳未満の方は成人認証ができないため、このコンテンツは閲覧できません。',
  },
  'adult.notVerified': {
    ko: '본인인증이 완료되지 않았습니다. 다시 시도해 주세요.',
    en: 'The identity check was not completed. Please try again.',
    ja: '本人認証が完了していません。もう一度お試しください。',
  },
  'adult.alreadyUsed': {
    ko: '다른 계정에서 이미 사용한 본인인증입니다.',
    en: 'This identity check was already used by another account.',
    ja: 'この本人認証はすでに別のアカウントで使用されています。',
  },
  'adult.identityInUse': {
    ko: '이 본인인증 정보로 이미 다른 계정이 성인 인증을 받았습니다. 같은 분의 계정이라면 고객센터에 문의해 주세요.',
    en: 'Another account was already verified as an adult with this identity. If it is yours too, please contact support.',
    ja: 'この本人認証情報ですでに別のアカウントが成人認証を受けています。ご本人のアカウントであればサポートにお問い合わせください。',
  },
  'adult.unavailable': {
    ko: '지금은 본인인증을 할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The identity check is not available right now. Please try again later.',
    ja: '現在、本人認証をご利用いただけません。しばらくしてからもう一度お試しください。',
  },
  'creators.adultClearNotRequested': {
    ko: '이 크리에이터는 성인 콘텐츠 표시 해제를 요청하지 않았습니다.',
    en: 'This creator has not asked to clear the adult content flag.',
    ja: 'このクリエイターは成人コンテンツ表示の解除を申請していません。',
  },
} as const satisfies Catalog;
