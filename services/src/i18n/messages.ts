/*
 * The server's core messages (validation, authentication, the common errors) in ko, en and ja, each key's three
 * languages side by side so a missing translation shows. One file of more than 300 lines on purpose: it is a table,
 * not logic; each module's own messages are in `catalogs/<module>.ts`.
 */
import { formatMessageParameter, type Language } from '@fanmission/contracts';
import type { Catalog } from './catalogs/catalog';
import { coinRefundsMessages } from './catalogs/coin-refunds';
import { commentsMessages } from './catalogs/comments';
import { consoleMessages } from './catalogs/console';
import { creatorsMessages } from './catalogs/creators';
import { creatorReviewMessages } from './catalogs/creator-review';
import { eventsMessages } from './catalogs/notifications';
import { incomeMessages } from './catalogs/income';
import { missionProductsMessages } from './catalogs/mission-products';
import { missionsMessages } from './catalogs/missions';
import { lotteryEventsMessages } from './catalogs/lottery-events';
import { approvalsMessages } from './catalogs/approvals';
import { bonusGrantsMessages } from './catalogs/bonus-grants';
import { paymentsConsoleMessages } from './catalogs/payments-console';
import { phoneMessages } from './catalogs/phone';
import { pushMessages } from './catalogs/push';
import { securityMessages } from './catalogs/security';
import { sharedMessages } from './catalogs/shared';
import { termsMessages } from './catalogs/terms';
import { trustMessages } from './catalogs/trust';
import { adultContentMessages } from './catalogs/adult-content';
import { reliabilityMessages } from './catalogs/reliability';
import { sharingMessages } from './catalogs/sharing';
import { capacityMessages } from './catalogs/capacity';
import { reviewsMessages } from './catalogs/reviews';

/**
 * Server messages in the three UI languages. Keys are referenced by errors thrown anywhere in the services and by
 * custom messages in zod schemas; `{name}` placeholders are filled from the error's parameters.
 */
const coreCatalog = {
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
  'error.csrf': {
    ko: '이 요청은 다른 사이트에서 보낼 수 없습니다.',
    en: 'This request cannot be sent from another site.',
    ja: 'このリクエストは他のサイトから送信できません。',
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
  'error.uriTooLong': {
    ko: '요청 주소가 너무 깁니다.',
    en: 'The request address is too long.',
    ja: 'リクエストのアドレスが長すぎます。',
  },
  'error.badUrl': {
    ko: '요청 주소를 읽을 수 없습니다.',
    en: 'The request address could not be read.',
    ja: 'リクエストのアドレスを読み取れません。',
  },
  'error.tooManyRequests': {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests. Please try again later.',
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
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
  'auth.redirectNotAllowed': {
    ko: '이 서비스의 주소만 사용할 수 있습니다.',
    en: 'Only addresses of this service are allowed.',
    ja: 'このサービスのアドレスのみ使用できます。',
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
  'files.unreadablePicture': {
    ko: '사진을 읽을 수 없습니다. 손상되지 않은 다른 파일을 올려 주세요.',
    en: 'The picture cannot be read. Please upload another, undamaged file.',
    ja: '写真を読み込めません。破損していない別のファイルをアップロードしてください。',
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
  'files.processing': {
    ko: '파일을 재생 가능한 형식으로 변환하고 있습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The file is being converted into a playable format. Please try again in a moment.',
    ja: 'ファイルを再生できる形式に変換しています。しばらくしてから再度お試しください。',
  },
  'files.processingFailed': {
    ko: '이 파일을 재생 가능한 형식으로 변환하지 못했습니다. 다른 형식으로 다시 올려 주세요.',
    en: 'This file could not be converted into a playable format. Please upload it again in another format.',
    ja: 'このファイルを再生できる形式に変換できませんでした。別の形式で再度アップロードしてください。',
  },
  'files.processingFailedLimits': {
    ko: '이 파일은 허용된 범위(영상 {videoMinutes}분·음성 {audioMinutes}분 이하, 한 변 {side}픽셀·{megapixels}메가픽셀 이하, 초당 {frameRate}프레임 이하)를 넘거나 길이를 알 수 없어 변환하지 않았습니다. 줄여서 다시 올려 주세요.',
    en: 'This file is beyond the limits (video up to {videoMinutes} minutes, audio up to {audioMinutes} minutes, at most {side} px on a side and {megapixels} megapixels, at most {frameRate} frames a second) or does not say how long it is, so it was not converted. Please upload a smaller one.',
    ja: 'このファイルは上限(動画{videoMinutes}分・音声{audioMinutes}分まで、一辺{side}ピクセル・{megapixels}メガピクセルまで、毎秒{frameRate}フレームまで)を超えているか、長さが分からないため変換しませんでした。小さくして再度アップロードしてください。',
  },
  'files.processingFailedMemory': {
    ko: '이 파일은 변환하는 데 허용된 것보다 많은 메모리가 필요해 처리하지 않았습니다. 해상도를 낮추거나 다른 형식으로 다시 올려 주세요.',
    en: 'This file needed more memory to convert than is allowed, so it was not processed. Please upload it again at a lower resolution or in another format.',
    ja: 'このファイルは変換に許可された以上のメモリが必要なため、処理しませんでした。解像度を下げるか、別の形式で再度アップロードしてください。',
  },
  'files.uploadIncomplete': {
    ko: '파일이 아직 끝까지 올라가지 않았습니다.',
    en: 'The file has not been uploaded to its end yet.',
    ja: 'ファイルのアップロードがまだ完了していません。',
  },
  'files.unknownPurpose': {
    ko: '파일을 어디에 쓸지 알 수 없습니다.',
    en: 'What the file is for is missing or unknown.',
    ja: 'ファイルの用途が指定されていないか、不明です。',
  },
  'files.uploadNotUsable': {
    ko: '이 용도로 끝까지 올린 내 파일이 아니거나 이미 사용한 파일입니다. 파일을 다시 올려 주세요.',
    en: 'This is not a file you finished uploading for this use, or it is already used. Please upload the file again.',
    ja: 'この用途でアップロードを完了したご自身のファイルではないか、すでに使用されています。ファイルを再度アップロードしてください。',
  },
  'files.uploadLengthRequired': {
    ko: '올릴 파일의 크기를 먼저 알려 주세요.',
    en: 'Tell the size of the file before uploading it.',
    ja: 'アップロードするファイルのサイズを先に指定してください。',
  },
  'validation.json': { ko: 'JSON 형식이 아닙니다.', en: 'This is not valid JSON.', ja: 'JSON形式ではありません。' },
  'validation.range': {
    ko: '범위가 올바르지 않습니다.',
    en: 'The range is not valid.',
    ja: '範囲が正しくありません。',
  },
  'coinHistory.monthNeedsYear': {
    ko: '월을 선택하려면 연도도 함께 선택해 주세요.',
    en: 'Choose a year together with the month.',
    ja: '月を指定する場合は年も指定してください。',
  },
  'coinRefunds.depositNotFound': {
    ko: '충전 내역을 찾을 수 없습니다.',
    en: 'No such coin charge.',
    ja: 'チャージ履歴が見つかりません。',
  },
  'coinRefunds.withdrawalWindowPassed': {
    ko: '충전 철회는 충전 후 7일 이내({deadline}까지)에만 가능합니다. 보유 코인에서 3%를 공제하는 부분 환불을 신청해 주세요.',
    en: 'A charge can be withdrawn only within 7 days of it (until {deadline}). You can ask for a partial refund instead: held coins minus 3%.',
    ja: 'チャージの撤回はチャージから7日以内（{deadline}まで）のみ可能です。保有コインから3%を差し引く部分返金をお申し込みください。',
  },
  'coinRefunds.purchaseAlreadyUsed': {
    ko: '이 충전의 코인을 이미 사용하여 전액 철회할 수 없습니다. 보유 코인에서 3%를 공제하는 부분 환불만 가능합니다.',
    en: 'Coins of this charge have been used, so it cannot be withdrawn in full: only a partial refund (held coins minus 3%) is possible.',
    ja: 'このチャージのコインはすでに使用されたため全額撤回できません。保有コインから3%を差し引く部分返金のみ可能です。',
  },
  'coinRefunds.alreadyRefunded': {
    ko: '이미 환불된 충전입니다.',
    en: 'This charge has already been refunded.',
    ja: 'このチャージはすでに返金されています。',
  },
  'coinRefunds.notRefundable': {
    ko: '지원·무료·선물받은 코인은 환불되지 않습니다.',
    en: 'Supported, free and received coins are not refundable.',
    ja: '支援・無料・受け取ったコインは返金できません。',
  },
  'coinRefunds.nothingRefundable': {
    ko: '환불할 수 있는 충전 코인이 없습니다.',
    en: 'There are no charged coins to refund.',
    ja: '返金できるチャージコインがありません。',
  },
  'coinRefunds.onlyNonRefundableCoins': {
    ko: '보유한 코인 {bonusCoins}개는 지원·무료·선물받은 코인이라 환불되지 않습니다.',
    en: 'Your {bonusCoins} coins are supported, free or received coins, which are not refundable.',
    ja: '保有する{bonusCoins}コインは支援・無料・受け取ったコインのため返金できません。',
  },
  'coinRefunds.coinsFrozen': {
    ko: '크리에이터 계정으로 전환한 계정의 코인은 사용하거나 환불할 수 없습니다.',
    en: 'Coins of an account switched to a creator account can no longer be used or refunded.',
    ja: 'クリエイターアカウントに切り替えたアカウントのコインは使用も返金もできません。',
  },
  'coinRefunds.idempotencyConflict': {
    ko: '이 Idempotency-Key는 다른 요청에 이미 사용되었습니다.',
    en: 'This Idempotency-Key was already used for a different request.',
    ja: 'このIdempotency-Keyはすでに別のリクエストで使用されています。',
  },
  'coinRefunds.notFound': {
    ko: '환불 요청을 찾을 수 없습니다.',
    en: 'No such refund request.',
    ja: '返金リクエストが見つかりません。',
  },
  'coinRefunds.alreadyPaid': {
    ko: '지급 완료된 환불은 되돌릴 수 없습니다.',
    en: 'A refund marked paid cannot be set back to requested.',
    ja: '支払い済みの返金は元に戻せません。',
  },
  'ledgerAdmin.invalidAccount': {
    ko: '원장 계정 이름이 올바르지 않습니다(예: wallet:12, escrow:mission:3, platform:revenue).',
    en: 'Not a ledger account name (e.g. wallet:12, escrow:mission:3, platform:revenue).',
    ja: '台帳アカウント名が正しくありません（例: wallet:12, escrow:mission:3, platform:revenue）。',
  },
  'coins.itemNotFound': {
    ko: '코인 상품을 찾을 수 없습니다.',
    en: 'No such coin item.',
    ja: 'コイン商品が見つかりません。',
  },
  'coins.itemNotForSale': {
    ko: '구매할 수 없는 코인 상품입니다.',
    en: 'This coin item cannot be bought.',
    ja: '購入できないコイン商品です。',
  },
  // The client shows the English text of the payment failure.
  'payments.merchantCodeMissing': {
    ko: '가맹점 코드를 가져오지 못했습니다. 페이지를 새로고침해 주세요.',
    en: 'The merchant code could not be obtained. Please reload the page.',
    ja: '加盟店コードを取得できませんでした。ページを再読み込みしてください。',
  },
  'payments.useBankTransfer': {
    ko: '무통장 입금은 POST /api/v1/payment/bank-transfer 로 신청해 주세요.',
    en: 'Bank deposits are requested through POST /api/v1/payment/bank-transfer.',
    ja: '銀行振込は POST /api/v1/payment/bank-transfer で申請してください。',
  },
  'payments.currencyMismatch': {
    ko: 'PayPal은 USD, 그 외 결제 수단은 KRW로만 결제할 수 있습니다.',
    en: 'PayPal is paid in USD, every other method in KRW.',
    ja: 'PayPalはUSD、その他の決済手段はKRWでのみお支払いいただけます。',
  },
  'payments.notFound': {
    ko: '결제 정보를 찾을 수 없습니다.',
    en: 'No such payment.',
    ja: '決済情報が見つかりません。',
  },
  'payments.mismatch': {
    ko: '결제 정보(금액, 통화 또는 상품)가 주문과 일치하지 않습니다. 관리자에게 문의해 주세요.',
    en: 'The payment does not match the order (amount, currency or item). Please contact the administrator.',
    ja: '決済情報（金額・通貨・商品）が注文と一致しません。管理者にお問い合わせください。',
  },
  'payments.notCompleted': {
    ko: '결제가 완료되지 않았습니다.',
    en: 'The payment has not been completed.',
    ja: '決済が完了していません。',
  },
  'payments.paypalNotCompleted': {
    ko: 'PAYPAL_NOT_COMPLETED: PayPal 결제가 완료되지 않았습니다.',
    en: 'PAYPAL_NOT_COMPLETED: the PayPal payment has not been completed.',
    ja: 'PAYPAL_NOT_COMPLETED: PayPal決済が完了していません。',
  },
  'payments.paypalPending': {
    ko: 'PAYPAL_NOT_COMPLETED: PayPal 결제가 대기(Pending) 중입니다. 충전은 영업일 기준 1~2일 내에 완료되며, 결제 상태는 PayPal에서 확인해 주세요.',
    en: 'PAYPAL_NOT_COMPLETED: the PayPal payment is Pending. The top-up finishes in 1 to 2 business days; check its status with PayPal.',
    ja: 'PAYPAL_NOT_COMPLETED: PayPal決済が保留（Pending）中です。チャージは1〜2営業日以内に完了します。決済状況はPayPalでご確認ください。',
  },
  'payments.providerUnavailable': {
    ko: '결제 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The payment service cannot be reached. Please try again later.',
    ja: '決済サービスに接続できません。しばらくしてから再度お試しください。',
  },
  'payments.idempotencyConflict': {
    ko: '이 Idempotency-Key는 다른 요청에 이미 사용되었습니다.',
    en: 'This Idempotency-Key was used for a different request.',
    ja: 'このIdempotency-Keyは別のリクエストですでに使用されています。',
  },
  'payments.bankTransferNotFound': {
    ko: '무통장 입금 신청을 찾을 수 없습니다.',
    en: 'No such bank deposit request.',
    ja: '銀行振込の申請が見つかりません。',
  },
  'payments.bankTransferDecided': {
    ko: '이미 {status} 처리된 무통장 입금 신청입니다. 대기(ready) 중인 신청만 바꿀 수 있습니다.',
    en: 'This bank deposit request is already {status}; only a ready request can be changed.',
    ja: 'この銀行振込の申請はすでに{status}です。待機中（ready）の申請のみ変更できます。',
  },
  'validation.unknownField': {
    ko: '알 수 없는 항목입니다.',
    en: 'This field is not allowed.',
    ja: '不明な項目です。',
  },
} as const satisfies Catalog;

/** The core messages plus each module's own catalogue (`catalogs/<module>.ts`). */
const catalog = {
  ...coreCatalog,
  ...commentsMessages,
  ...consoleMessages,
  ...creatorsMessages,
  ...creatorReviewMessages,
  ...eventsMessages,
  ...missionProductsMessages,
  ...missionsMessages,
  ...incomeMessages,
  ...lotteryEventsMessages,
  ...paymentsConsoleMessages,
  ...bonusGrantsMessages,
  ...approvalsMessages,
  ...securityMessages,
  ...trustMessages,
  ...termsMessages,
  ...adultContentMessages,
  ...coinRefundsMessages,
  ...reliabilityMessages,
  ...capacityMessages,
  ...reviewsMessages,
  ...pushMessages,
  ...phoneMessages,
  ...sharedMessages,
  ...sharingMessages,
} as const satisfies Catalog;

/** Each catalogue by name, so a test can prove no module silently overrides another's key. */
export const CATALOG_SOURCES: Record<string, Catalog> = {
  core: coreCatalog,
  comments: commentsMessages,
  console: consoleMessages,
  creators: creatorsMessages,
  creatorReview: creatorReviewMessages,
  events: eventsMessages,
  missionProducts: missionProductsMessages,
  missions: missionsMessages,
  income: incomeMessages,
  lotteryEvents: lotteryEventsMessages,
  paymentsConsole: paymentsConsoleMessages,
  bonusGrants: bonusGrantsMessages,
  security: securityMessages,
  trust: trustMessages,
  terms: termsMessages,
  adultContent: adultContentMessages,
  coinRefunds: coinRefundsMessages,
  reliability: reliabilityMessages,
  capacity: capacityMessages,
  reviews: reviewsMessages,
  push: pushMessages,
  phone: phoneMessages,
  shared: sharedMessages,
  sharing: sharingMessages,
};

export type MessageKey = keyof typeof catalog;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalog, value);
}

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalog[key][language].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(formatMessageParameter(name, params[name])) : match,
  );
}
