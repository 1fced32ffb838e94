import { L, type LegalText } from './legal-constants';

// The notice on the collection and use of personal information (/collectterms) in Japanese. The terms, the privacy
// policy and the operating policy have versions the API serves (services/src/terms).

export const ja: LegalText = {
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
};
