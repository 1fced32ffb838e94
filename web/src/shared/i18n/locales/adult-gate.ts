// Texts of the adult gate and the adult verification: the `adultGate` namespace in ko, en and ja.

export const adultGateKo = {
  title: '19세 이상만 볼 수 있는 콘텐츠입니다',
  loginBody: '청소년 보호를 위해 로그인한 뒤 본인인증으로 만 19세 이상임을 확인한 회원만 볼 수 있습니다.',
  verifyBody: '본인인증으로 만 19세 이상임을 확인하면 바로 볼 수 있습니다. 성인 인증은 한 번만 하면 됩니다.',
  login: '로그인하고 보기',
  verify: '성인 인증',
  checking: '본인인증 확인 중…',
  failed: '본인인증을 진행하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  privacy: '이름과 생년월일은 저장하지 않고, 성인 인증을 마친 날짜만 기록합니다.',
  verified: '성인 인증 완료',
  badge: '19세 이상 이용 가능',
};

export const adultGateEn: typeof adultGateKo = {
  title: 'This content is for adults aged 19 or over',
  loginBody:
    'To protect minors, only members who log in and confirm being 19 or older with an identity check can see it.',
  verifyBody:
    'Confirm that you are 19 or older with an identity check to see it right away. You only need to do it once.',
  login: 'Log in to see it',
  verify: 'Verify my age',
  checking: 'Checking the identity check…',
  failed: 'The identity check could not be started. Please try again later.',
  privacy: 'Your name and birth date are not stored; only the date of your adult verification is kept.',
  verified: 'Adult verified',
  badge: 'For ages 19 and over',
};

export const adultGateJa: typeof adultGateKo = {
  title: '19歳以上のみ閲覧できるコンテンツです',
  loginBody: '青少年保護のため、ログインして本人認証で満19歳以上であることを確認した会員のみ閲覧できます。',
  verifyBody: '本人認証で満19歳以上であることを確認すると、すぐに閲覧できます。成人認証は一度だけで済みます。',
  login: 'ログインして見る',
  verify: '成人認証',
  checking: '本人認証を確認しています…',
  failed: '本人認証を開始できませんでした。しばらくしてからもう一度お試しください。',
  privacy: '氏名と生年月日は保存せず、成人認証を行った日付のみを記録します。',
  verified: '成人認証済み',
  badge: '19歳以上向け',
};
