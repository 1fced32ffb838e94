import { MISSION_STATUS_LABELS } from '@fanmission/contracts';
import type { CodeLabels } from './codes';

/**
 * The codes' labels in Korean (the default language): the web app's words where it shows the same code (mission
 * statuses, product types, grades, pay methods, refund kinds…), so that operators and members read the same word.
 */
export const codesKo: CodeLabels = {
  missionStatus: MISSION_STATUS_LABELS.ko,
  productType: { BASIC: '기본', LUCKY: '럭키', CUSTOM: '커스텀', EVENT: '이벤트' },
  missionRejectionReason: {
    REFUSED: '크리에이터 거절',
    DECISION_EXPIRED: '수락 기한 만료',
    PERFORM_EXPIRED: '수행 기한 만료',
    CANCELED: '취소',
    NOT_WON: '추첨 미당첨',
  },
  coinItemType: { CASH: '충전', BONUS: '보너스' },
  depositStatus: { ready: '입금 전', paid: '입금 완료', cancelled: '취소됨', failed: '실패' },
  coinRefundKind: { WITHDRAWAL: '청약 철회', PARTIAL_REFUND: '부분 환불' },
  coinRefundStatus: { requested: '요청됨', paid: '지급 완료', refused: '지급 거절' },
  paymentProvider: { sandbox: '샌드박스', portone: '포트원', paypal: 'PayPal' },
  paymentReversalKind: { REFUND: '환불', CHARGEBACK: '차지백' },
  paymentStatus: { ready: '결제 전', pending: '처리 중', paid: '결제 완료', failed: '실패', cancelled: '취소됨' },
  payMethod: { kakaopay: '카카오페이', card: '신용카드', phone: '휴대폰', paypal: 'PayPal' },
  paymentEventKind: { CREATED: '주문 생성', STATUS: '상태 변경', WEBHOOK: '웹훅 수신' },
  eventStatus: {
    CREATED: '준비',
    APPLYING: '응모 중',
    DRAWING: '추첨 중',
    DRAWN: '추첨 완료',
    CLOSED: '종료',
    CANCELED: '취소됨',
  },
  salesMethod: {
    kakaopay: '카카오페이',
    card: '신용카드',
    phone: '휴대폰',
    paypal: 'PayPal',
    bank: '무통장 입금',
    other: '기타',
  },
  statementStatus: { CARRIED_OVER: '이월', ISSUED: '발행됨', APPROVED: '승인됨', PAID: '지급 완료' },
  ledgerTransactionType: {
    PURCHASE: '코인 충전',
    BONUS_GRANT: '보너스 지급',
    MISSION_HOLD: '미션 코인 보관',
    MISSION_RELEASE: '크리에이터에게 지급',
    MISSION_REFUND: '미션 환불',
    LUCKY_ROLL: '럭키 룰렛',
    EXPIRY: '유효기간 만료',
    PURCHASE_WITHDRAWAL: '청약 철회',
    PARTIAL_REFUND: '부분 환불',
    SETTLEMENT_PAYOUT: '정산 지급',
    LUCKY_COMPENSATION: '럭키 보상',
    REFUND_RETURN: '환불 거절 반환',
    PURCHASE_REVERSAL: '결제대행사 환불 회수',
  },
  ledgerVerifyRunStatus: { RUNNING: '실행 중', DONE: '완료', FAILED: '실패' },
  creatorReviewStatus: { PENDING: '심사 중', APPROVED: '승인됨', REJECTED: '반려됨' },
  creatorGrade: { SILVER: '실버', GOLD: '골드', DIAMOND: '다이아몬드' },
  gradeProposalStatus: { PROPOSED: '제안됨', CONFIRMED: '확정됨' },
  blockObjectionStatus: { PENDING: '검토 대기', ACCEPTED: '수락됨', REJECTED: '반려됨' },
  role: {
    ROLE_USER: '회원',
    ROLE_CREATOR: '크리에이터',
    ROLE_UNVERIFIED: '이메일 미인증',
    ROLE_OPERATOR: '운영자',
    ROLE_FINANCE: '재무',
  },
  accountProvider: { local: '이메일', google: 'Google', facebook: 'Facebook', apple: 'Apple' },
  faqCategory: { PAYMENT: '결제', MISSION: '미션' },
  budgetApproval: { NOT_NEEDED: '승인 불필요', PENDING: '재무 승인 대기', APPROVED: '재무 승인됨' },
};
