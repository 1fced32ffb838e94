import * as rules from '@fanmission/contracts';
import { L, hours, imageMb, mediaMb, percent, type LegalDoc, type LegalText } from './legal-constants';

// The legal texts in Japanese.

export const ja: Record<LegalDoc, LegalText> = {
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
          `会員は${rules.AGE.minimum}歳以上である必要があり、${rules.AGE.parentConsentBelow}歳未満の方は保護者の同意が必要です。`,
          `クリエイター（プロデューサー）登録は当社の審査を経て行われ、審査には${rules.CREATOR_REVIEW_DAYS.min}〜${rules.CREATOR_REVIEW_DAYS.max}日かかります。一般会員がクリエイターアカウントに切り替えると元に戻せず、チャージしたコインは使えなくなります。`,
        ],
      },
      {
        heading: '第3条（コイン）',
        paragraphs: [
          `1コインは${rules.WON_PER_COIN}ウォンです。コインはカード、KakaoPay、携帯電話決済、PayPal、銀行振込でチャージでき、銀行振込は平日${rules.BANK_DEPOSIT_HOURS.weekdaysFrom}〜${rules.BANK_DEPOSIT_HOURS.weekdaysTo}に${rules.BANK_DEPOSIT_HOURS.completesWithinHours}時間以内に反映されます。`,
          `チャージしたコインと応援コインの有効期限はチャージまたは受領日から${rules.COIN_RULES.validityYears}年で、期限後は失効します。`,
          `チャージ後${rules.COIN_RULES.withdrawalWindowDays}日以内の未使用コインは申込みを撤回でき、返金は${rules.COIN_RULES.refundWithinBusinessDays}営業日以内に行います。${rules.COIN_RULES.withdrawalWindowDays}日経過後または一部使用後は、保有コインから${percent(rules.COIN_RULES.partialRefundFeeRate)}%を差し引いて返金します。応援・無料・受け取ったコインは返金できません。`,
          `海外決済の精算時には${percent(rules.COIN_RULES.overseasPaymentTaxRate)}%の税金が差し引かれます。`,
        ],
      },
      {
        heading: '第4条（ミッション）',
        paragraphs: [
          `ベーシック・ラッキーミッションはリクエストまたは当選日から${rules.DEADLINES.missionPerformDays}日以内に実施されなければならず、実施されなかったミッションは${rules.DEADLINES.missionPerformDays}日後に自動で返金されます。カスタムミッションは${rules.DEADLINES.customDecisionDays}日以内に承諾可否が決まります。`,
          `抽選イベントは応募締切後${rules.DEADLINES.drawAfterApplyEndDays}日以内に抽選を終え、賞品は発表後${rules.DEADLINES.prizeAfterAnnouncementDays}日以内にお届けします。`,
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
          `ブロックへの異議はブロック日から${rules.DEADLINES.objectionAfterBlockDays}日以内に申し立てられます。添付画像は${imageMb}MB、ミッションのメディアは${mediaMb}MBまでです。`,
        ],
      },
      {
        heading: '2. ミッションの期限',
        paragraphs: [
          `ベーシック・ラッキーミッション：リクエストまたは当選日から${rules.DEADLINES.missionPerformDays}日。カスタムミッション：${rules.DEADLINES.customDecisionDays}日以内に承諾を決定。抽選イベント：応募締切後${rules.DEADLINES.drawAfterApplyEndDays}日以内に抽選。`,
          `ラッキーミッションが実施されない場合、${rules.DEADLINES.luckyCompensationDays}日以内に使用したコインを全額返還し、応募券1枚あたり${rules.LUCKY_COMPENSATION_WON_PER_TICKET.toLocaleString('ja-JP')}ウォンが使用コインより多い場合は、その差額を最大${rules.LUCKY_COMPENSATION_BONUS_CAP_COINS}コインまでクリエイターの収益から追加で補償します。`,
        ],
      },
      {
        heading: '3. ペナルティ',
        paragraphs: [
          `期限超過${rules.PENALTIES.warningAt}回目：警告。${rules.PENALTIES.requestBlockAt}回目：${rules.PENALTIES.requestBlockDays}日間新規リクエストを停止し等級を引き下げ。${rules.PENALTIES.loginBlockAt}回目：ログイン停止および返金義務。`,
        ],
      },
      {
        heading: '4. 精算',
        paragraphs: [
          `毎月1日から月末までのコインを翌月${rules.SETTLEMENT.payableByDayOfNextMonth}日までにお支払いします（週末・祝日の場合は翌営業日）。${rules.SETTLEMENT.minimumCoins}コイン（海外口座で受け取る外国人は${rules.SETTLEMENT.minimumCoinsOverseas.toLocaleString('ja-JP')}コイン）未満は繰り越されます。`,
          `海外口座には${percent(rules.SETTLEMENT.overseasExtraFeeRate)}%の手数料が追加され、サービス手数料${percent(rules.SETTLEMENT.serviceFeeRate)}%、決済手数料${percent(rules.SETTLEMENT.paymentFeeRate)}%がかかります。精算明細書は年${rules.SETTLEMENT.statementRequestsPerYear}回まで請求できます。`,
        ],
      },
      {
        heading: '5. 会員等級',
        paragraphs: [
          `シルバー：1コイン${rules.PAYOUT_WON_PER_COIN.SILVER}ウォン。ゴールド：1コイン${rules.PAYOUT_WON_PER_COIN.GOLD}ウォン（期限内に完了したミッション10件以上）。ダイヤモンド：1コイン${rules.PAYOUT_WON_PER_COIN.DIAMOND}ウォン（上位約10%）。等級は運営者が毎月の審査で決定します。`,
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
