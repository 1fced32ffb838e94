// Texts of the account page's notification choices: the `notificationSettings` namespace of ko (en and ja in
// ./notification-settings-en.ts, ./notification-settings-ja.ts).

export const notificationSettingsKo = {
  title: '알림 설정',
  intro: '알림함에는 모든 알림이 남습니다. 주제마다 푸시 알림과 메일을 받을지 고를 수 있습니다.',
  push: '푸시',
  mail: '메일',
  alimtalk: '카카오톡',
  alimtalkOnFile: '카카오톡 알림톡은 미션·기한·추첨·결제 알림을 인증한 휴대폰 번호로 보냅니다.',
  alimtalkNoPhone: '휴대폰 번호를 인증하면 미션·기한·추첨·결제 알림을 카카오톡 알림톡으로도 받을 수 있습니다.',
  phone: {
    title: '휴대폰 번호 인증',
    intro: '카카오톡 알림톡은 문자로 받은 인증번호로 확인한 번호에만 보냅니다.',
    confirmed: '{{phone}} 인증 완료',
    unconfirmed: '{{phone}} 인증 필요',
    none: '등록된 휴대폰 번호가 없습니다.',
    number: '휴대폰 번호',
    send: '인증번호 받기',
    sent: '{{phone}} 번호로 인증번호를 보냈습니다. 5분 안에 입력해 주세요.',
    code: '인증번호 6자리',
    confirm: '인증하기',
    done: '휴대폰 번호를 인증했습니다.',
  },
  channelOf: '{{topic}} {{channel}}',
  topics: {
    MISSION_REQUESTS: '새 미션 요청',
    DEADLINE_REMINDERS: '결정·수행 기한 알림',
    MISSION_ACCEPTED: '미션 수락',
    MISSION_COMPLETED: '미션 완료·경품 전달',
    MISSION_ENDED: '거절·만료·취소 (코인 환불)',
    EVENT_DRAWS: '추첨 이벤트 응모·결과',
    COMMENTS: '댓글과 답글',
    COINS_EXPIRING: '코인 소멸 예정',
    MONEY: '결제·환불·정산',
    ACCOUNT_NOTICES: '약관 변경과 운영 조치',
    MARKETING: '이벤트·혜택 (광고)',
  },
  marketingTitle: '광고성 정보 수신 동의',
  marketingConsent: '이벤트·혜택 등 광고성 정보 수신에 동의합니다 (선택)',
  marketingNightConsent: '야간(21시~08시)에도 광고성 정보를 받겠습니다 (선택)',
  consentedOn: '{{date}}에 동의함',
  marketingHint: '동의하지 않아도 서비스 이용에 제한이 없으며, 언제든 철회할 수 있습니다.',
  save: '알림 설정 저장',
  saved: '알림 설정이 저장되었습니다.',
  failed: '알림 설정을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  loadFailed: '알림 설정을 불러오지 못했습니다.',
  device: {
    title: '이 기기에서 푸시 알림 받기',
    turnOn: '푸시 알림 켜기',
    turnOff: '푸시 알림 끄기',
    on: '이 기기에서 푸시 알림을 받고 있습니다.',
    off: '이 기기에서는 푸시 알림을 받지 않습니다.',
    blocked:
      '이 브라우저에서는 푸시 알림을 받을 수 없습니다. 이 사이트의 알림이 차단되어 있으니 주소창 왼쪽의 사이트 정보(자물쇠) 아이콘 → 알림 → 허용으로 바꾼 뒤 다시 눌러 주세요. 시크릿 창이라면 일반 창에서 열어 주세요.',
    needsInstall:
      'iPhone·iPad에서는 홈 화면에 추가한 앱에서만 푸시 알림을 받을 수 있습니다. Safari의 공유 버튼 → "홈 화면에 추가" 후 그 앱에서 켜 주세요.',
    unsupported:
      '이 브라우저에서는 푸시 알림을 받을 수 없습니다. 시크릿 창이라면 일반 창에서 열고, 아니라면 최신 Chrome·Edge·Firefox·Safari나 홈 화면에 설치한 팬미션 앱에서 켜 주세요.',
    refused:
      '이 브라우저에서는 푸시 알림을 받을 수 없습니다. 시크릿 창에서는 알림이 막혀 있으니 일반 창에서 열거나, 홈 화면에 설치한 팬미션 앱에서 켜 주세요.',
    unavailable: '지금은 푸시 알림을 보낼 수 없습니다.',
    failed: '푸시 알림을 설정하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  },
};

export type NotificationSettingsMessages = typeof notificationSettingsKo;
