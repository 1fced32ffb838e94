import { L, type LegalText } from './legal-constants';

// The notice on the collection and use of personal information (/collectterms) in Korean. The terms, the privacy
// policy and the operating policy have versions the API serves (services/src/terms).

export const ko: LegalText = {
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
};
