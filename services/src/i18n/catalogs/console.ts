import type { Catalog } from './catalog';

/** Server messages of the operator and finance console (ko, en, ja). */
export const consoleMessages = {
  'console.coinItemRate': {
    ko: '코인 상품의 가격은 코인 수 × 100원에서 할인 금액을 뺀 금액이어야 합니다.',
    en: 'A coin item’s price is its coins × 100 won, less its discount.',
    ja: 'コイン商品の価格は、コイン数 × 100ウォンから割引額を引いた金額です。',
  },
  'console.ownAccount': {
    ko: '본인 계정의 입금이나 환불은 처리할 수 없습니다.',
    en: 'Nobody may decide a deposit or refund of his own account.',
    ja: '自分のアカウントの入金や返金は処理できません。',
  },
  'console.staffSelf': {
    ko: '자신의 운영 계정은 변경할 수 없습니다.',
    en: 'You cannot change your own staff account.',
    ja: '自分の運営アカウントは変更できません。',
  },
  'console.staffRoleNotHeld': {
    ko: '본인이 가진 권한만 부여하거나 관리할 수 있습니다.',
    en: 'You can only grant or manage roles you hold yourself.',
    ja: '自分が持つ権限のみ付与・管理できます。',
  },
  'console.reservedBlockReason': {
    ko: '운영 계정 비활성화에 쓰이는 사유이므로 사용할 수 없습니다.',
    en: 'This reason is reserved for deactivated staff accounts.',
    ja: '運営アカウントの無効化に使われる理由のため使用できません。',
  },
  'console.staffAccount': {
    ko: '운영 계정은 운영진 관리(/api/admin/staff)에서만 차단하거나 비활성화할 수 있습니다.',
    en: 'Staff accounts are blocked and deactivated only under staff management (/api/admin/staff).',
    ja: '運営アカウントのブロックと無効化は運営スタッフ管理（/api/admin/staff）でのみ行えます。',
  },
  'auth.consoleAccount': {
    ko: '운영 콘솔 전용 계정입니다. 운영 콘솔(/admin/)에서 로그인해 주세요.',
    en: 'This is a console account. Please log in at the operator console (/admin/).',
    ja: '運営コンソール専用のアカウントです。運営コンソール（/admin/）からログインしてください。',
  },
  'auth.consoleTokenRequired': {
    ko: '운영 콘솔 로그인이 필요합니다. 운영 콘솔(/admin/)에서 다시 로그인해 주세요.',
    en: 'The console needs a console login. Please log in at the operator console (/admin/).',
    ja: '運営コンソールへのログインが必要です。運営コンソール（/admin/）からログインしてください。',
  },
  'console.lastRoleHolder': {
    ko: '이 변경 후 {role} 권한을 가진 활성 운영진이 한 명도 남지 않습니다. 먼저 다른 운영진에게 권한을 주세요.',
    en: 'After this change no active staff member would hold {role}. Give the role to another member first.',
    ja: 'この変更後、{role}の権限を持つ有効な運営スタッフが一人もいなくなります。先に他のスタッフに権限を付与してください。',
  },
  'console.staffOneChange': {
    ko: '역할 변경과 활성 상태 변경은 따로 요청해 주세요.',
    en: 'Change the roles and the active state in separate requests.',
    ja: '権限の変更と有効状態の変更は別々に依頼してください。',
  },
  'console.staffEmailTaken': {
    ko: '이미 가입된 이메일입니다.',
    en: 'This e-mail address is already registered.',
    ja: 'すでに登録されているメールアドレスです。',
  },
  'console.verifyRunning': {
    ko: '원장 검증이 이미 실행 중입니다.',
    en: 'A ledger verification is already running.',
    ja: '台帳の検証はすでに実行中です。',
  },
  'console.verifyNoResult': {
    ko: '아직 끝난 원장 검증이 없습니다. 원장 검증을 실행해 주세요.',
    en: 'No ledger verification has finished yet. Start one first.',
    ja: '完了した台帳の検証はまだありません。検証を実行してください。',
  },
  'console.tagTaken': {
    ko: '이미 있는 태그입니다.',
    en: 'This tag already exists.',
    ja: 'すでにあるタグです。',
  },
  'console.inUse': {
    ko: '사용 중이라 삭제할 수 없습니다.',
    en: 'It is in use and cannot be deleted.',
    ja: '使用中のため削除できません。',
  },
  'console.inviteSubject': {
    ko: '[Fanmission] 운영 콘솔 계정에 초대되었습니다',
    en: '[Fanmission] You are invited to the operator console',
    ja: '[Fanmission] 運営コンソールに招待されました',
  },
  'console.inviteBody': {
    ko: '{name}님, Fanmission 운영 콘솔({roles}) 계정이 만들어졌습니다. 아래 링크에서 비밀번호를 설정한 뒤 {console} 에서 로그인하세요. 링크는 72시간 동안 한 번만 사용할 수 있습니다.',
    en: 'Hello {name}, a Fanmission console account ({roles}) was created for you. Set your password at the link below, then log in at {console}. The link works once, for 72 hours.',
    ja: '{name}さん、Fanmission運営コンソール（{roles}）のアカウントが作成されました。下のリンクでパスワードを設定し、{console} からログインしてください。リンクは72時間、一度だけ使えます。',
  },
  'console.inviteAction': {
    ko: '비밀번호 설정',
    en: 'Set my password',
    ja: 'パスワードを設定',
  },
  'notification.MISSION_CONTENT_BLOCKED': {
    ko: '「{product}」 미션이 운영 정책에 따라 비공개 처리되었습니다. 사유: {reason}',
    en: 'The mission “{product}” was hidden by the operators. Reason: {reason}',
    ja: '「{product}」ミッションは運営ポリシーにより非公開になりました。理由：{reason}',
  },
} as const satisfies Catalog;
