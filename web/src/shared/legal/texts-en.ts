import { L, type LegalText } from './legal-constants';

// The notice on the collection and use of personal information (/collectterms) in English. The terms, the privacy
// policy and the operating policy have versions the API serves (services/src/terms).

export const en: LegalText = {
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
};
