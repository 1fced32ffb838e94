// The legal texts, written from the business constants of spec 01 §9 and 02 §9 in ko, en and ja. Loaded only by
// the legal pages and the terms modals (its own chunk).
import {
  AGE,
  BANK_DEPOSIT_HOURS,
  COIN_RULES,
  CREATOR_REVIEW_DAYS,
  DEADLINES,
  FILE_LIMITS,
  LUCKY_COMPENSATION_BONUS_CAP_COINS,
  LUCKY_COMPENSATION_WON_PER_TICKET,
  PAYOUT_WON_PER_COIN,
  PENALTIES,
  SETTLEMENT,
  SUPPORT_HOURS,
  WON_PER_COIN,
  type Language,
} from '@fanmission/contracts';

export type LegalDoc = 'terms' | 'privacy' | 'operating' | 'collect';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalText {
  title: string;
  sections: LegalSection[];
}

/** Terms and privacy constants of 01 §9 that only the legal texts use. */
export const LEGAL_CONSTANTS = {
  termsNoticeDays: 15,
  unfavourableTermsNoticeDays: 30,
  terminationObjectionDays: 30,
  retention: { contractAndPaymentYears: 5, complaintAndCreditYears: 3, membershipAfterWithdrawalYears: 1 },
  destructionWithinDays: 5,
} as const;

const L = LEGAL_CONSTANTS;
const percent = (rate: number) => Math.round(rate * 100);
const imageMb = FILE_LIMITS.attachmentImageBytes / 1024 / 1024;
const mediaMb = FILE_LIMITS.mediaBytes / 1024 / 1024;
const hours = `${SUPPORT_HOURS.weekdaysFrom}–${SUPPORT_HOURS.weekdaysTo}`;

const ko: Record<LegalDoc, LegalText> = {
  terms: {
    title: '서비스 이용약관',
    sections: [
      {
        heading: '제1조 (목적)',
        paragraphs: [
          '이 약관은 팬미션(이하 "회사")이 제공하는 크리에이터·팬 미션 서비스(이하 "서비스")의 이용 조건과 절차, 회사와 회원의 권리·의무를 정합니다.',
        ],
      },
      {
        heading: '제2조 (회원)',
        paragraphs: [
          `회원은 만 ${AGE.minimum}세 이상이어야 하며, 만 ${AGE.parentConsentBelow}세 미만은 법정대리인의 동의를 받아야 합니다.`,
          `크리에이터(프로듀서) 가입은 회사의 심사를 거치며 심사에는 ${CREATOR_REVIEW_DAYS.min}~${CREATOR_REVIEW_DAYS.max}일이 걸립니다. 일반 회원이 크리에이터 계정으로 전환하면 되돌릴 수 없고 충전한 코인은 사용할 수 없게 됩니다.`,
        ],
      },
      {
        heading: '제3조 (코인)',
        paragraphs: [
          `1코인은 ${WON_PER_COIN}원입니다. 코인은 카드, PayPal, 무통장 입금으로 충전하며 무통장 입금은 평일 ${BANK_DEPOSIT_HOURS.weekdaysFrom}~${BANK_DEPOSIT_HOURS.weekdaysTo}에 ${BANK_DEPOSIT_HOURS.completesWithinHours}시간 이내에 반영됩니다.`,
          `충전 코인과 후원 코인의 유효기간은 충전 또는 수령일로부터 ${COIN_RULES.validityYears}년이며, 기간이 지나면 소멸합니다.`,
          `충전 후 ${COIN_RULES.withdrawalWindowDays}일 이내에 사용하지 않은 코인은 청약을 철회할 수 있으며, 환불은 ${COIN_RULES.refundWithinBusinessDays}영업일 이내에 처리됩니다. ${COIN_RULES.withdrawalWindowDays}일이 지났거나 일부를 사용한 경우 보유 코인에서 ${percent(COIN_RULES.partialRefundFeeRate)}%를 공제하고 환불합니다. 후원·무료·선물 받은 코인은 환불되지 않습니다.`,
          `해외 결제는 정산 시 ${percent(COIN_RULES.overseasPaymentTaxRate)}%의 세금이 공제됩니다.`,
        ],
      },
      {
        heading: '제4조 (미션)',
        paragraphs: [
          `기본·럭키 미션은 요청 또는 당첨일로부터 ${DEADLINES.missionPerformDays}일 이내에 수행되어야 하며, 수행되지 않은 미션은 ${DEADLINES.missionPerformDays}일 후 자동으로 환불됩니다. 커스텀 미션은 ${DEADLINES.customDecisionDays}일 이내에 수락 여부가 결정됩니다.`,
          `추첨 이벤트는 응모 마감 후 ${DEADLINES.drawAfterApplyEndDays}일 이내에 추첨을 마치며, 경품은 발표 후 ${DEADLINES.prizeAfterAnnouncementDays}일 이내에 지급됩니다.`,
        ],
      },
      {
        heading: '제5조 (약관의 변경과 계약 해지)',
        paragraphs: [
          `회사는 약관을 변경할 때 시행일 ${L.termsNoticeDays}일 전(회원에게 불리한 변경은 ${L.unfavourableTermsNoticeDays}일 전)에 공지합니다.`,
          `회사가 이용계약을 해지하는 경우 회원은 ${L.terminationObjectionDays}일 이내에 이의를 제기할 수 있습니다.`,
        ],
      },
      {
        heading: '제6조 (고객센터)',
        paragraphs: [`고객센터 운영 시간은 평일 ${hours}입니다.`],
      },
    ],
  },
  privacy: {
    title: '개인정보처리방침',
    sections: [
      {
        heading: '1. 수집하는 개인정보',
        paragraphs: [
          '회원가입: 이메일, 닉네임, 비밀번호, 생년월일, 휴대폰 번호(선택), 주소(선택).',
          '결제: 결제 수단 정보, 입금자명, 현금영수증 번호. 이벤트 응모: 실명, 연락처, 주소.',
        ],
      },
      {
        heading: '2. 이용 목적',
        paragraphs: [
          '회원 관리, 미션 요청과 수행, 코인 충전과 환불, 크리에이터 정산, 이벤트 경품 배송, 고객 문의 응대.',
        ],
      },
      {
        heading: '3. 보유 및 이용 기간',
        paragraphs: [
          `계약 또는 청약철회, 대금 결제 및 재화 공급에 관한 기록: ${L.retention.contractAndPaymentYears}년.`,
          `소비자 불만 또는 분쟁 처리, 신용정보 수집·처리에 관한 기록: ${L.retention.complaintAndCreditYears}년.`,
          `회원 정보: 탈퇴 후 ${L.retention.membershipAfterWithdrawalYears}년.`,
        ],
      },
      {
        heading: '4. 파기',
        paragraphs: [
          `보유 기간이 끝난 개인정보는 ${L.destructionWithinDays}일 이내에 복구할 수 없는 방법으로 파기합니다.`,
        ],
      },
      {
        heading: '5. 문의',
        paragraphs: [`개인정보 관련 문의는 고객센터(평일 ${hours})로 해 주세요.`],
      },
    ],
  },
  operating: {
    title: '운영정책',
    sections: [
      {
        heading: '1. 콘텐츠 규정',
        paragraphs: [
          '음란물, 폭력, 혐오, 타인의 권리를 침해하는 콘텐츠와 허위 정보는 금지되며 운영자가 차단할 수 있습니다. 운영자는 댓글 작성을 제한할 수 있습니다.',
          `차단에 대한 이의는 차단일로부터 ${DEADLINES.objectionAfterBlockDays}일 이내에 제기할 수 있습니다. 첨부 이미지는 ${imageMb}MB, 미션 영상은 ${mediaMb}MB 이하만 올릴 수 있습니다.`,
        ],
      },
      {
        heading: '2. 미션 기한',
        paragraphs: [
          `기본·럭키 미션: 요청 또는 당첨일로부터 ${DEADLINES.missionPerformDays}일. 커스텀 미션: ${DEADLINES.customDecisionDays}일 이내 수락 결정. 추첨 이벤트: 응모 마감 후 ${DEADLINES.drawAfterApplyEndDays}일 이내 추첨.`,
          `럭키 미션 미수행 시 ${DEADLINES.luckyCompensationDays}일 이내에 사용한 코인 전액을 돌려드리며, 응모권 1장당 ${LUCKY_COMPENSATION_WON_PER_TICKET.toLocaleString('ko-KR')}원이 사용 코인보다 크면 그 차액을 최대 ${LUCKY_COMPENSATION_BONUS_CAP_COINS}코인까지 크리에이터의 수익에서 추가로 보상합니다.`,
        ],
      },
      {
        heading: '3. 제재',
        paragraphs: [
          `기한 미준수 ${PENALTIES.warningAt}회: 경고. ${PENALTIES.requestBlockAt}회: ${PENALTIES.requestBlockDays}일간 새 요청 차단 및 등급 하향. ${PENALTIES.loginBlockAt}회: 로그인 차단 및 환불 의무.`,
        ],
      },
      {
        heading: '4. 정산',
        paragraphs: [
          `매월 1일부터 말일까지의 코인을 다음 달 ${SETTLEMENT.payableByDayOfNextMonth}일까지 지급합니다(주말·공휴일이면 다음 영업일). 최소 ${SETTLEMENT.minimumCoins}코인(해외 계좌로 받는 외국인은 ${SETTLEMENT.minimumCoinsOverseas.toLocaleString('ko-KR')}코인) 미만은 이월됩니다.`,
          `해외 계좌는 ${percent(SETTLEMENT.overseasExtraFeeRate)}%의 수수료가 추가되며, 서비스 수수료 ${percent(SETTLEMENT.serviceFeeRate)}%, 결제 수수료 ${percent(SETTLEMENT.paymentFeeRate)}%가 적용됩니다. 정산 내역서는 연 ${SETTLEMENT.statementRequestsPerYear}회까지 요청할 수 있습니다.`,
        ],
      },
      {
        heading: '5. 회원 등급',
        paragraphs: [
          `실버: 코인당 ${PAYOUT_WON_PER_COIN.SILVER}원. 골드: 코인당 ${PAYOUT_WON_PER_COIN.GOLD}원(기한 내 완료 미션 10건 이상). 다이아몬드: 코인당 ${PAYOUT_WON_PER_COIN.DIAMOND}원(상위 약 10%). 등급은 운영자가 매월 심사해 정합니다.`,
        ],
      },
    ],
  },
  collect: {
    title: '개인정보 수집 및 이용 안내',
    sections: [
      {
        heading: '수집 항목',
        paragraphs: [
          '소셜 로그인: 제공자가 알려 주는 이메일, 이름, 고유 식별자. 이메일 가입: 이메일, 닉네임, 비밀번호, 생년월일.',
        ],
      },
      { heading: '이용 목적', paragraphs: ['회원 식별, 로그인, 서비스 이용 안내와 고객 문의 응대.'] },
      {
        heading: '보유 기간',
        paragraphs: [
          `탈퇴 후 ${L.retention.membershipAfterWithdrawalYears}년까지 보관하며, 법령이 정한 기록은 해당 기간(최대 ${L.retention.contractAndPaymentYears}년) 동안 보관합니다.`,
        ],
      },
    ],
  },
};

const en: Record<LegalDoc, LegalText> = {
  terms: {
    title: 'Terms of service',
    sections: [
      {
        heading: 'Article 1 (Purpose)',
        paragraphs: [
          'These terms set out the conditions and procedures for using the creator and fan mission service (the "Service") provided by Fanmission (the "Company"), and the rights and duties of the Company and its members.',
        ],
      },
      {
        heading: 'Article 2 (Members)',
        paragraphs: [
          `Members must be at least ${AGE.minimum} years old; members under ${AGE.parentConsentBelow} need the consent of a parent or guardian.`,
          `Creator (producer) sign-up goes through a review by the Company that takes ${CREATOR_REVIEW_DAYS.min} to ${CREATOR_REVIEW_DAYS.max} days. A member who switches to a creator account cannot switch back, and charged coins become unusable.`,
        ],
      },
      {
        heading: 'Article 3 (Coins)',
        paragraphs: [
          `One coin equals ${WON_PER_COIN} won. Coins are charged by card, PayPal or bank deposit; a bank deposit is credited within ${BANK_DEPOSIT_HOURS.completesWithinHours} hours on weekdays between ${BANK_DEPOSIT_HOURS.weekdaysFrom} and ${BANK_DEPOSIT_HOURS.weekdaysTo}.`,
          `Charged and supported coins are valid for ${COIN_RULES.validityYears} years from the charge or receipt and then expire.`,
          `Unused coins may be withdrawn within ${COIN_RULES.withdrawalWindowDays} days of the charge; refunds are made within ${COIN_RULES.refundWithinBusinessDays} business days. After ${COIN_RULES.withdrawalWindowDays} days, or after partial use, the held coins are refunded minus ${percent(COIN_RULES.partialRefundFeeRate)}%. Supported, free and received coins are non-refundable.`,
          `Settlement of overseas payments deducts ${percent(COIN_RULES.overseasPaymentTaxRate)}% tax.`,
        ],
      },
      {
        heading: 'Article 4 (Missions)',
        paragraphs: [
          `Basic and lucky missions must be performed within ${DEADLINES.missionPerformDays} days of the request or win; missions not performed are refunded automatically after ${DEADLINES.missionPerformDays} days. Custom missions are decided within ${DEADLINES.customDecisionDays} days.`,
          `Draw events are drawn within ${DEADLINES.drawAfterApplyEndDays} days of the entry deadline, and prizes are delivered within ${DEADLINES.prizeAfterAnnouncementDays} days of the announcement.`,
        ],
      },
      {
        heading: 'Article 5 (Changes and termination)',
        paragraphs: [
          `Changes to these terms are announced ${L.termsNoticeDays} days before they take effect (${L.unfavourableTermsNoticeDays} days for changes unfavourable to members).`,
          `A member may object to a termination of the contract by the Company within ${L.terminationObjectionDays} days.`,
        ],
      },
      { heading: 'Article 6 (Support)', paragraphs: [`Customer support is open on weekdays ${hours}.`] },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    sections: [
      {
        heading: '1. Personal data collected',
        paragraphs: [
          'Sign-up: e-mail, nickname, password, date of birth, phone (optional), address (optional).',
          'Payments: payment method details, depositor name, cash receipt number. Event entries: real name, phone, address.',
        ],
      },
      {
        heading: '2. Purposes',
        paragraphs: [
          'Member management, mission requests and performance, coin charges and refunds, creator settlement, prize delivery and customer support.',
        ],
      },
      {
        heading: '3. Retention',
        paragraphs: [
          `Records of contracts, withdrawals, payments and supply: ${L.retention.contractAndPaymentYears} years.`,
          `Records of complaints, disputes and credit information: ${L.retention.complaintAndCreditYears} years.`,
          `Membership data: ${L.retention.membershipAfterWithdrawalYears} year after withdrawal.`,
        ],
      },
      {
        heading: '4. Destruction',
        paragraphs: [
          `Personal data is destroyed irreversibly within ${L.destructionWithinDays} days after its retention period ends.`,
        ],
      },
      { heading: '5. Contact', paragraphs: [`Privacy questions: customer support, weekdays ${hours}.`] },
    ],
  },
  operating: {
    title: 'Operating policy',
    sections: [
      {
        heading: '1. Content rules',
        paragraphs: [
          'Obscene, violent or hateful content, content infringing the rights of others and false information are forbidden and may be blocked by the operator, who may also restrict comment writing.',
          `Objections to a block may be raised within ${DEADLINES.objectionAfterBlockDays} days. Attached images may be at most ${imageMb} MB, mission media at most ${mediaMb} MB.`,
        ],
      },
      {
        heading: '2. Mission deadlines',
        paragraphs: [
          `Basic and lucky missions: ${DEADLINES.missionPerformDays} days from the request or win. Custom missions: decided within ${DEADLINES.customDecisionDays} days. Draw events: drawn within ${DEADLINES.drawAfterApplyEndDays} days of the entry deadline.`,
          `An unperformed lucky mission is compensated within ${DEADLINES.luckyCompensationDays} days: every coin its rolls used comes back, and where ${LUCKY_COMPENSATION_WON_PER_TICKET.toLocaleString('en-US')} won per entry ticket is more, the difference up to ${LUCKY_COMPENSATION_BONUS_CAP_COINS} coins is added out of the creator's earnings.`,
        ],
      },
      {
        heading: '3. Penalties',
        paragraphs: [
          `Missed deadline ${PENALTIES.warningAt}: a warning. ${PENALTIES.requestBlockAt}: new requests blocked for ${PENALTIES.requestBlockDays} days and the grade lowered. ${PENALTIES.loginBlockAt}: login blocked with a duty to refund.`,
        ],
      },
      {
        heading: '4. Settlement',
        paragraphs: [
          `Coins from the 1st to the end of each month are paid by the ${SETTLEMENT.payableByDayOfNextMonth}th of the next month (the next business day on weekends and holidays). Amounts below ${SETTLEMENT.minimumCoins} coins (${SETTLEMENT.minimumCoinsOverseas.toLocaleString('en-US')} for foreigners paid to overseas accounts) carry over.`,
          `Overseas accounts carry an extra ${percent(SETTLEMENT.overseasExtraFeeRate)}% fee; the service fee is ${percent(SETTLEMENT.serviceFeeRate)}% and the payment fee ${percent(SETTLEMENT.paymentFeeRate)}%. Statements can be requested up to ${SETTLEMENT.statementRequestsPerYear} times a year.`,
        ],
      },
      {
        heading: '5. Member grades',
        paragraphs: [
          `Silver: ${PAYOUT_WON_PER_COIN.SILVER} won per coin. Gold: ${PAYOUT_WON_PER_COIN.GOLD} won per coin (at least 10 missions done on time). Diamond: ${PAYOUT_WON_PER_COIN.DIAMOND} won per coin (about the top 10%). The operator decides grades in a monthly review.`,
        ],
      },
    ],
  },
  collect: {
    title: 'Collection and use of personal information',
    sections: [
      {
        heading: 'Items collected',
        paragraphs: [
          'Social login: the e-mail, name and unique identifier the provider shares. E-mail sign-up: e-mail, nickname, password, date of birth.',
        ],
      },
      { heading: 'Purposes', paragraphs: ['Identifying members, login, service notices and customer support.'] },
      {
        heading: 'Retention',
        paragraphs: [
          `Kept until ${L.retention.membershipAfterWithdrawalYears} year after withdrawal; records the law requires are kept for their period (up to ${L.retention.contractAndPaymentYears} years).`,
        ],
      },
    ],
  },
};

const ja: Record<LegalDoc, LegalText> = {
  terms: {
    title: 'サービス利用規約',
    sections: [
      {
        heading: '第1条（目的）',
        paragraphs: [
          '本規約は、ファンミッション（以下「当社」）が提供するクリエイター・ファンミッションサービス（以下「本サービス」）の利用条件と手続き、当社と会員の権利・義務を定めます。',
        ],
      },
      {
        heading: '第2条（会員）',
        paragraphs: [
          `会員は${AGE.minimum}歳以上である必要があり、${AGE.parentConsentBelow}歳未満の方は保護者の同意が必要です。`,
          `クリエイター（プロデューサー）登録は当社の審査を経て行われ、審査には${CREATOR_REVIEW_DAYS.min}〜${CREATOR_REVIEW_DAYS.max}日かかります。一般会員がクリエイターアカウントに切り替えると元に戻せず、チャージしたコインは使えなくなります。`,
        ],
      },
      {
        heading: '第3条（コイン）',
        paragraphs: [
          `1コインは${WON_PER_COIN}ウォンです。コインはカード、PayPal、銀行振込でチャージでき、銀行振込は平日${BANK_DEPOSIT_HOURS.weekdaysFrom}〜${BANK_DEPOSIT_HOURS.weekdaysTo}に${BANK_DEPOSIT_HOURS.completesWithinHours}時間以内に反映されます。`,
          `チャージしたコインと応援コインの有効期限はチャージまたは受領日から${COIN_RULES.validityYears}年で、期限後は失効します。`,
          `チャージ後${COIN_RULES.withdrawalWindowDays}日以内の未使用コインは申込みを撤回でき、返金は${COIN_RULES.refundWithinBusinessDays}営業日以内に行います。${COIN_RULES.withdrawalWindowDays}日経過後または一部使用後は、保有コインから${percent(COIN_RULES.partialRefundFeeRate)}%を差し引いて返金します。応援・無料・受け取ったコインは返金できません。`,
          `海外決済の精算時には${percent(COIN_RULES.overseasPaymentTaxRate)}%の税金が差し引かれます。`,
        ],
      },
      {
        heading: '第4条（ミッション）',
        paragraphs: [
          `ベーシック・ラッキーミッションはリクエストまたは当選日から${DEADLINES.missionPerformDays}日以内に実施されなければならず、実施されなかったミッションは${DEADLINES.missionPerformDays}日後に自動で返金されます。カスタムミッションは${DEADLINES.customDecisionDays}日以内に承諾可否が決まります。`,
          `抽選イベントは応募締切後${DEADLINES.drawAfterApplyEndDays}日以内に抽選を終え、賞品は発表後${DEADLINES.prizeAfterAnnouncementDays}日以内にお届けします。`,
        ],
      },
      {
        heading: '第5条（規約の変更と契約解除）',
        paragraphs: [
          `当社は規約を変更する場合、施行日の${L.termsNoticeDays}日前（会員に不利な変更は${L.unfavourableTermsNoticeDays}日前）に告知します。`,
          `当社が利用契約を解除した場合、会員は${L.terminationObjectionDays}日以内に異議を申し立てることができます。`,
        ],
      },
      { heading: '第6条（サポート）', paragraphs: [`カスタマーサポートの営業時間は平日${hours}です。`] },
    ],
  },
  privacy: {
    title: 'プライバシーポリシー',
    sections: [
      {
        heading: '1. 収集する個人情報',
        paragraphs: [
          '会員登録：メールアドレス、ニックネーム、パスワード、生年月日、電話番号（任意）、住所（任意）。',
          '決済：決済手段の情報、振込名義、現金領収書番号。イベント応募：氏名、連絡先、住所。',
        ],
      },
      {
        heading: '2. 利用目的',
        paragraphs: [
          '会員管理、ミッションのリクエストと実施、コインのチャージと返金、クリエイターの精算、賞品の配送、お問い合わせ対応。',
        ],
      },
      {
        heading: '3. 保有期間',
        paragraphs: [
          `契約・申込み撤回、代金決済、商品供給に関する記録：${L.retention.contractAndPaymentYears}年。`,
          `消費者の苦情・紛争処理、信用情報に関する記録：${L.retention.complaintAndCreditYears}年。`,
          `会員情報：退会後${L.retention.membershipAfterWithdrawalYears}年。`,
        ],
      },
      {
        heading: '4. 破棄',
        paragraphs: [`保有期間が終了した個人情報は、${L.destructionWithinDays}日以内に復元できない方法で破棄します。`],
      },
      {
        heading: '5. お問い合わせ',
        paragraphs: [`個人情報に関するお問い合わせはカスタマーサポート（平日${hours}）までどうぞ。`],
      },
    ],
  },
  operating: {
    title: '運営ポリシー',
    sections: [
      {
        heading: '1. コンテンツ規定',
        paragraphs: [
          'わいせつ・暴力・差別的なコンテンツ、他人の権利を侵害するコンテンツ、虚偽の情報は禁止され、運営者がブロックすることがあります。運営者はコメントの投稿を制限できます。',
          `ブロックへの異議はブロック日から${DEADLINES.objectionAfterBlockDays}日以内に申し立てられます。添付画像は${imageMb}MB、ミッションのメディアは${mediaMb}MBまでです。`,
        ],
      },
      {
        heading: '2. ミッションの期限',
        paragraphs: [
          `ベーシック・ラッキーミッション：リクエストまたは当選日から${DEADLINES.missionPerformDays}日。カスタムミッション：${DEADLINES.customDecisionDays}日以内に承諾を決定。抽選イベント：応募締切後${DEADLINES.drawAfterApplyEndDays}日以内に抽選。`,
          `ラッキーミッションが実施されない場合、${DEADLINES.luckyCompensationDays}日以内に使用したコインを全額返還し、応募券1枚あたり${LUCKY_COMPENSATION_WON_PER_TICKET.toLocaleString('ja-JP')}ウォンが使用コインより多い場合は、その差額を最大${LUCKY_COMPENSATION_BONUS_CAP_COINS}コインまでクリエイターの収益から追加で補償します。`,
        ],
      },
      {
        heading: '3. ペナルティ',
        paragraphs: [
          `期限超過${PENALTIES.warningAt}回目：警告。${PENALTIES.requestBlockAt}回目：${PENALTIES.requestBlockDays}日間新規リクエストを停止し等級を引き下げ。${PENALTIES.loginBlockAt}回目：ログイン停止および返金義務。`,
        ],
      },
      {
        heading: '4. 精算',
        paragraphs: [
          `毎月1日から月末までのコインを翌月${SETTLEMENT.payableByDayOfNextMonth}日までにお支払いします（週末・祝日の場合は翌営業日）。${SETTLEMENT.minimumCoins}コイン（海外口座で受け取る外国人は${SETTLEMENT.minimumCoinsOverseas.toLocaleString('ja-JP')}コイン）未満は繰り越されます。`,
          `海外口座には${percent(SETTLEMENT.overseasExtraFeeRate)}%の手数料が追加され、サービス手数料${percent(SETTLEMENT.serviceFeeRate)}%、決済手数料${percent(SETTLEMENT.paymentFeeRate)}%がかかります。精算明細書は年${SETTLEMENT.statementRequestsPerYear}回まで請求できます。`,
        ],
      },
      {
        heading: '5. 会員等級',
        paragraphs: [
          `シルバー：1コイン${PAYOUT_WON_PER_COIN.SILVER}ウォン。ゴールド：1コイン${PAYOUT_WON_PER_COIN.GOLD}ウォン（期限内に完了したミッション10件以上）。ダイヤモンド：1コイン${PAYOUT_WON_PER_COIN.DIAMOND}ウォン（上位約10%）。等級は運営者が毎月の審査で決定します。`,
        ],
      },
    ],
  },
  collect: {
    title: '個人情報の収集・利用について',
    sections: [
      {
        heading: '収集項目',
        paragraphs: [
          'ソーシャルログイン：プロバイダーが提供するメールアドレス、名前、固有識別子。メール登録：メールアドレス、ニックネーム、パスワード、生年月日。',
        ],
      },
      { heading: '利用目的', paragraphs: ['会員の識別、ログイン、サービスのご案内、お問い合わせ対応。'] },
      {
        heading: '保有期間',
        paragraphs: [
          `退会後${L.retention.membershipAfterWithdrawalYears}年まで保管し、法令で定められた記録はその期間（最長${L.retention.contractAndPaymentYears}年）保管します。`,
        ],
      },
    ],
  },
};

const texts: Record<Language, Record<LegalDoc, LegalText>> = { ko, en, ja };

export function legalText(doc: LegalDoc, language: Language): LegalText {
  return texts[language][doc];
}
