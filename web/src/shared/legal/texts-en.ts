import * as rules from '@fanmission/contracts';
import { L, hours, imageMb, mediaMb, percent, type LegalDoc, type LegalText } from './legal-constants';

// The legal texts in English.

export const en: Record<LegalDoc, LegalText> = {
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
          `Members must be at least ${rules.AGE.minimum} years old; members under ${rules.AGE.parentConsentBelow} need the consent of a parent or guardian.`,
          `Creator (producer) sign-up goes through a review by the Company that takes ${rules.CREATOR_REVIEW_DAYS.min} to ${rules.CREATOR_REVIEW_DAYS.max} days. A member who switches to a creator account cannot switch back, and charged coins become unusable.`,
        ],
      },
      {
        heading: 'Article 3 (Coins)',
        paragraphs: [
          `One coin equals ${rules.WON_PER_COIN} won. Coins are charged by card, KakaoPay, mobile phone billing, PayPal or bank deposit; a bank deposit is credited within ${rules.BANK_DEPOSIT_HOURS.completesWithinHours} hours on weekdays between ${rules.BANK_DEPOSIT_HOURS.weekdaysFrom} and ${rules.BANK_DEPOSIT_HOURS.weekdaysTo}.`,
          `Charged and supported coins are valid for ${rules.COIN_RULES.validityYears} years from the charge or receipt and then expire.`,
          `Unused coins may be withdrawn within ${rules.COIN_RULES.withdrawalWindowDays} days of the charge; refunds are made within ${rules.COIN_RULES.refundWithinBusinessDays} business days. After ${rules.COIN_RULES.withdrawalWindowDays} days, or after partial use, the held coins are refunded minus ${percent(rules.COIN_RULES.partialRefundFeeRate)}%. Supported, free and received coins are non-refundable.`,
          `Settlement of overseas payments deducts ${percent(rules.COIN_RULES.overseasPaymentTaxRate)}% tax.`,
        ],
      },
      {
        heading: 'Article 4 (Missions)',
        paragraphs: [
          `Basic and lucky missions must be performed within ${rules.DEADLINES.missionPerformDays} days of the request or win; missions not performed are refunded automatically after ${rules.DEADLINES.missionPerformDays} days. Custom missions are decided within ${rules.DEADLINES.customDecisionDays} days.`,
          `Draw events are drawn within ${rules.DEADLINES.drawAfterApplyEndDays} days of the entry deadline, and prizes are delivered within ${rules.DEADLINES.prizeAfterAnnouncementDays} days of the announcement.`,
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
          `Objections to a block may be raised within ${rules.DEADLINES.objectionAfterBlockDays} days. Attached images may be at most ${imageMb} MB, mission media at most ${mediaMb} MB.`,
        ],
      },
      {
        heading: '2. Mission deadlines',
        paragraphs: [
          `Basic and lucky missions: ${rules.DEADLINES.missionPerformDays} days from the request or win. Custom missions: decided within ${rules.DEADLINES.customDecisionDays} days. Draw events: drawn within ${rules.DEADLINES.drawAfterApplyEndDays} days of the entry deadline.`,
          `An unperformed lucky mission is compensated within ${rules.DEADLINES.luckyCompensationDays} days: every coin its rolls used comes back, and where ${rules.LUCKY_COMPENSATION_WON_PER_TICKET.toLocaleString('en-US')} won per entry ticket is more, the difference up to ${rules.LUCKY_COMPENSATION_BONUS_CAP_COINS} coins is added out of the creator's earnings.`,
        ],
      },
      {
        heading: '3. Penalties',
        paragraphs: [
          `Missed deadline ${rules.PENALTIES.warningAt}: a warning. ${rules.PENALTIES.requestBlockAt}: new requests blocked for ${rules.PENALTIES.requestBlockDays} days and the grade lowered. ${rules.PENALTIES.loginBlockAt}: login blocked with a duty to refund.`,
        ],
      },
      {
        heading: '4. Settlement',
        paragraphs: [
          `Coins from the 1st to the end of each month are paid by the ${rules.SETTLEMENT.payableByDayOfNextMonth}th of the next month (the next business day on weekends and holidays). Amounts below ${rules.SETTLEMENT.minimumCoins} coins (${rules.SETTLEMENT.minimumCoinsOverseas.toLocaleString('en-US')} for foreigners paid to overseas accounts) carry over.`,
          `Overseas accounts carry an extra ${percent(rules.SETTLEMENT.overseasExtraFeeRate)}% fee; the service fee is ${percent(rules.SETTLEMENT.serviceFeeRate)}% and the payment fee ${percent(rules.SETTLEMENT.paymentFeeRate)}%. Statements can be requested up to ${rules.SETTLEMENT.statementRequestsPerYear} times a year.`,
        ],
      },
      {
        heading: '5. Member grades',
        paragraphs: [
          `Silver: ${rules.PAYOUT_WON_PER_COIN.SILVER} won per coin. Gold: ${rules.PAYOUT_WON_PER_COIN.GOLD} won per coin (at least 10 missions done on time). Diamond: ${rules.PAYOUT_WON_PER_COIN.DIAMOND} won per coin (about the top 10%). The operator decides grades in a monthly review.`,
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
