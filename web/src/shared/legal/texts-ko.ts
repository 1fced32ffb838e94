import * as rules from '@fanmission/contracts';
import { L, hours, imageMb, mediaMb, percent, type LegalDoc, type LegalText } from './legal-constants';

// The legal texts in Korean.

export const ko: Record<LegalDoc, LegalText> = {
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
          `회원은 만 ${rules.AGE.minimum}세 이상이어야 하며, 만 ${rules.AGE.parentConsentBelow}세 미만은 법정대리인의 동의를 받아야 합니다.`,
          `크리에이터(프로듀서) 가입은 회사의 심사를 거치며 심사에는 ${rules.CREATOR_REVIEW_DAYS.min}~${rules.CREATOR_REVIEW_DAYS.max}일이 걸립니다. 일반 회원이 크리에이터 계정으로 전환하면 되돌릴 수 없고 충전한 코인은 사용할 수 없게 됩니다.`,
        ],
      },
      {
        heading: '제3조 (코인)',
        paragraphs: [
          `1코인은 ${rules.WON_PER_COIN}원입니다. 코인은 카드, 카카오페이, 휴대폰 결제, PayPal, 무통장 입금으로 충전하며 무통장 입금은 평일 ${rules.BANK_DEPOSIT_HOURS.weekdaysFrom}~${rules.BANK_DEPOSIT_HOURS.weekdaysTo}에 ${rules.BANK_DEPOSIT_HOURS.completesWithinHours}시간 이내에 반영됩니다.`,
          `충전 코인과 후원 코인의 유효기간은 충전 또는 수령일로부터 ${rules.COIN_RULES.validityYears}년이며, 기간이 지나면 소멸합니다.`,
          `충전 후 ${rules.COIN_RULES.withdrawalWindowDays}일 이내에 사용하지 않은 코인은 청약을 철회할 수 있으며, 환불은 ${rules.COIN_RULES.refundWithinBusinessDays}영업일 이내에 처리됩니다. ${rules.COIN_RULES.withdrawalWindowDays}일이 지났거나 일부를 사용한 경우 보유 코인에서 ${percent(rules.COIN_RULES.partialRefundFeeRate)}%를 공제하고 환불합니다. 후원·무료·선물 받은 코인은 환불되지 않습니다.`,
          `해외 결제는 정산 시 ${percent(rules.COIN_RULES.overseasPaymentTaxRate)}%의 세금이 공제됩니다.`,
        ],
      },
      {
        heading: '제4조 (미션)',
        paragraphs: [
          `기본·럭키 미션은 요청 또는 당첨일로부터 ${rules.DEADLINES.missionPerformDays}일 이내에 수행되어야 하며, 수행되지 않은 미션은 ${rules.DEADLINES.missionPerformDays}일 후 자동으로 환불됩니다. 커스텀 미션은 ${rules.DEADLINES.customDecisionDays}일 이내에 수락 여부가 결정됩니다.`,
          `추첨 이벤트는 응모 마감 후 ${rules.DEADLINES.drawAfterApplyEndDays}일 이내에 추첨을 마치며, 경품은 발표 후 ${rules.DEADLINES.prizeAfterAnnouncementDays}일 이내에 지급됩니다.`,
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
          `차단에 대한 이의는 차단일로부터 ${rules.DEADLINES.objectionAfterBlockDays}일 이내에 제기할 수 있습니다. 첨부 이미지는 ${imageMb}MB, 미션 영상은 ${mediaMb}MB 이하만 올릴 수 있습니다.`,
        ],
      },
      {
        heading: '2. 미션 기한',
        paragraphs: [
          `기본·럭키 미션: 요청 또는 당첨일로부터 ${rules.DEADLINES.missionPerformDays}일. 커스텀 미션: ${rules.DEADLINES.customDecisionDays}일 이내 수락 결정. 추첨 이벤트: 응모 마감 후 ${rules.DEADLINES.drawAfterApplyEndDays}일 이내 추첨.`,
          `럭키 미션 미수행 시 ${rules.DEADLINES.luckyCompensationDays}일 이내에 사용한 코인 전액을 돌려드리며, 응모권 1장당 ${rules.LUCKY_COMPENSATION_WON_PER_TICKET.toLocaleString('ko-KR')}원이 사용 코인보다 크면 그 차액을 최대 ${rules.LUCKY_COMPENSATION_BONUS_CAP_COINS}코인까지 크리에이터의 수익에서 추가로 보상합니다.`,
        ],
      },
      {
        heading: '3. 제재',
        paragraphs: [
          `기한 미준수 ${rules.PENALTIES.warningAt}회: 경고. ${rules.PENALTIES.requestBlockAt}회: ${rules.PENALTIES.requestBlockDays}일간 새 요청 차단 및 등급 하향. ${rules.PENALTIES.loginBlockAt}회: 로그인 차단 및 환불 의무.`,
        ],
      },
      {
        heading: '4. 정산',
        paragraphs: [
          `매월 1일부터 말일까지의 코인을 다음 달 ${rules.SETTLEMENT.payableByDayOfNextMonth}일까지 지급합니다(주말·공휴일이면 다음 영업일). 최소 ${rules.SETTLEMENT.minimumCoins}코인(해외 계좌로 받는 외국인은 ${rules.SETTLEMENT.minimumCoinsOverseas.toLocaleString('ko-KR')}코인) 미만은 이월됩니다.`,
          `해외 계좌는 ${percent(rules.SETTLEMENT.overseasExtraFeeRate)}%의 수수료가 추가되며, 서비스 수수료 ${percent(rules.SETTLEMENT.serviceFeeRate)}%, 결제 수수료 ${percent(rules.SETTLEMENT.paymentFeeRate)}%가 적용됩니다. 정산 내역서는 연 ${rules.SETTLEMENT.statementRequestsPerYear}회까지 요청할 수 있습니다.`,
        ],
      },
      {
        heading: '5. 회원 등급',
        paragraphs: [
          `실버: 코인당 ${rules.PAYOUT_WON_PER_COIN.SILVER}원. 골드: 코인당 ${rules.PAYOUT_WON_PER_COIN.GOLD}원(기한 내 완료 미션 10건 이상). 다이아몬드: 코인당 ${rules.PAYOUT_WON_PER_COIN.DIAMOND}원(상위 약 10%). 등급은 운영자가 매월 심사해 정합니다.`,
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
