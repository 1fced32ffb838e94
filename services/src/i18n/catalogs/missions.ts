import type { Catalog } from './catalog';

/** Server messages of the missions module (ko, en, ja). */
export const missionsMessages = {
  'missions.notFound': {
    ko: '미션을 찾을 수 없습니다.',
    en: 'The mission was not found.',
    ja: 'ミッションが見つかりません。',
  },
  'missions.productNotFound': {
    ko: '미션 상품을 찾을 수 없습니다.',
    en: 'The mission product was not found.',
    ja: 'ミッション商品が見つかりません。',
  },
  'missions.productInactive': {
    ko: '지금은 신청할 수 없는 미션입니다.',
    en: 'This mission cannot be requested at the moment.',
    ja: '現在は申し込めないミッションです。',
  },
  'missions.wrongProductType': {
    ko: '이 방법으로 신청할 수 없는 미션 유형입니다.',
    en: 'This kind of mission cannot be requested this way.',
    ja: 'この方法では申し込めないミッションの種類です。',
  },
  'missions.coinPriceRequired': {
    ko: '커스텀 미션은 금액을 입력해야 합니다.',
    en: 'A custom mission needs an amount.',
    ja: 'カスタムミッションは金額の入力が必要です。',
  },
  'missions.coinPriceOnlyCustom': {
    ko: '금액은 커스텀 미션에서만 정할 수 있습니다.',
    en: 'Only a custom mission takes an amount.',
    ja: '金額はカスタムミッションでのみ指定できます。',
  },
  'missions.senderNameRequired': {
    ko: '친구에게 보내는 미션은 보내는 사람 이름이 필요합니다.',
    en: 'A mission for a friend needs the sender’s name.',
    ja: '友達へのミッションには送り主の名前が必要です。',
  },
  'missions.senderNameOnlyForFriend': {
    ko: '보내는 사람 이름은 친구에게 보내는 미션에만 입력합니다.',
    en: 'The sender’s name is only for a mission for a friend.',
    ja: '送り主の名前は友達へのミッションでのみ入力します。',
  },
  'missions.attachmentNotAllowed': {
    ko: '이 미션에는 파일을 첨부할 수 없습니다.',
    en: 'This mission takes no attachment.',
    ja: 'このミッションにはファイルを添付できません。',
  },
  'missions.fileNotFound': {
    ko: '파일을 찾을 수 없습니다.',
    en: 'The file was not found.',
    ja: 'ファイルが見つかりません。',
  },
  'missions.oneMediaRequired': {
    ko: '동영상, 사진, 음성 중 하나를 보내 주세요.',
    en: 'Send exactly one of a video, a picture or a voice file.',
    ja: '動画・写真・音声のいずれか一つを送ってください。',
  },
  'missions.creatorCannotRequest': {
    ko: '크리에이터는 다른 크리에이터의 미션을 신청할 수 없습니다. 개인 계정으로 가입해 주세요.',
    en: 'Missions of other creators cannot be requested; sign up with an individual account.',
    ja: 'クリエイターは他のクリエイターのミッションを申し込めません。個人アカウントで登録してください。',
  },
  'missions.unverified': {
    ko: '이메일 인증 후 미션을 신청할 수 있습니다.',
    en: 'Please verify your e-mail address before requesting missions.',
    ja: 'メール認証後にミッションを申し込めます。',
  },
  'missions.creatorBlocked': {
    ko: '이 크리에이터는 현재 새 미션을 받을 수 없습니다.',
    en: 'This creator cannot take new missions at the moment.',
    ja: 'このクリエイターは現在新しいミッションを受け付けていません。',
  },
  'missions.creatorPaused': {
    ko: '이 크리에이터는 지금은 요청을 받지 않아요.',
    en: 'This creator is not taking requests at the moment.',
    ja: 'このクリエイターは現在リクエストを受け付けていません。',
  },
  'missions.requestsFull': {
    ko: '요청이 가득 찼어요. 진행 중인 미션이 끝나면 다시 요청해 주세요.',
    en: 'Requests are full. Please try again once open missions are done.',
    ja: 'リクエストがいっぱいです。進行中のミッションが終わってから、もう一度リクエストしてください。',
  },
  'missions.customNotAvailable': {
    ko: '이 크리에이터는 커스텀 미션을 받지 않습니다.',
    en: 'This creator does not take custom missions.',
    ja: 'このクリエイターはカスタムミッションを受け付けていません。',
  },
  'missions.expectedPriceOnlyBasic': {
    ko: '표시된 가격은 기본 미션에만 보낼 수 있습니다.',
    en: 'A shown price can only be sent for a basic mission.',
    ja: '表示価格は基本ミッションにのみ送信できます。',
  },
  'missions.priceChanged': {
    ko: '크리에이터가 미션 가격을 변경했습니다. 새 가격을 확인한 뒤 다시 요청해 주세요.',
    en: 'The creator has changed the price of this mission. Please check the new price and request again.',
    ja: 'クリエイターがミッションの価格を変更しました。新しい価格を確認してから、もう一度リクエストしてください。',
  },
  'missions.rouletteClosed': {
    ko: '이미 당첨된 룰렛입니다.',
    en: 'This roulette has already been won.',
    ja: 'このルーレットはすでに当選しています。',
  },
  'missions.idempotencyConflict': {
    ko: '같은 Idempotency-Key로 다른 요청을 보냈습니다.',
    en: 'This Idempotency-Key was used for a different request.',
    ja: '同じIdempotency-Keyで別のリクエストが送られました。',
  },
  'missions.workflowUnavailable': {
    ko: '미션 처리 서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The mission service is unavailable. Please try again later.',
    ja: 'ミッション処理サーバーに接続できません。しばらくしてから再度お試しください。',
  },
  'missions.notRequested': {
    ko: '결정을 기다리는 미션이 아닙니다.',
    en: 'This mission is not waiting for a decision.',
    ja: '決定待ちのミッションではありません。',
  },
  'missions.alreadyDecided': {
    ko: '이미 수락 또는 거절된 미션입니다.',
    en: 'This mission has already been accepted or refused.',
    ja: 'すでに承諾または拒否されたミッションです。',
  },
  'missions.decisionDeadlinePassed': {
    ko: '수락/거절 기한(30일)이 지나 자동으로 거절되었습니다.',
    en: 'The 30 days to accept or refuse this mission have passed; it was refused automatically.',
    ja: '承諾・拒否の期限（30日）が過ぎたため、自動的に拒否されました。',
  },
  'missions.notAccepted': {
    ko: '수행을 기다리는 미션이 아닙니다.',
    en: 'This mission is not waiting to be performed.',
    ja: '実行待ちのミッションではありません。',
  },
  'missions.alreadyPerformed': {
    ko: '이미 수행된 미션입니다.',
    en: 'This mission has already been performed.',
    ja: 'すでに実行されたミッションです。',
  },
  'missions.performDeadlinePassed': {
    ko: '10일이 지나 거절된 미션입니다. 코인은 신청자에게 환불되었습니다.',
    en: 'This mission was rejected because 10 days passed; the coins went back to the requester.',
    ja: '10日が過ぎたため拒否されたミッションです。コインは申込者に返金されました。',
  },
  'creatorPenalties.notFound': {
    ko: '제재 내역을 찾을 수 없습니다.',
    en: 'The penalty was not found.',
    ja: 'ペナルティが見つかりません。',
  },
} as const satisfies Catalog;
