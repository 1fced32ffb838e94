import type { Catalog } from './catalog';

/** Server messages of the fan's refunds (ko, en, ja). */
export const coinRefundsMessages = {
  'coinRefunds.providerRefundReason': {
    ko: '회원의 코인 환불 요청 #{refundId}',
    en: 'The member’s coin refund request #{refundId}',
    ja: '会員のコイン返金リクエスト #{refundId}',
  },
  'coinRefunds.phoneMonthPassed': {
    ko: '휴대폰 결제는 결제한 달({month}) 안에만 철회할 수 있습니다. 달이 지난 충전은 부분 환불(보유 코인에서 3% 공제)로 계좌로 돌려받을 수 있습니다.',
    en: 'A mobile phone charge can be withdrawn only within the month it was paid in ({month}). After that, a partial refund (held coins minus 3%) pays it back to your bank account.',
    ja: '携帯電話決済のチャージは決済した月（{month}）の間のみ撤回できます。月が変わった後は、部分返金（保有コインから3%差引）で口座に返金されます。',
  },
  'coinRefunds.bankNameInvalid': {
    ko: '목록에 있는 은행을 선택해 주세요.',
    en: 'Choose a bank from the list.',
    ja: 'リストから銀行を選択してください。',
  },
  'coinRefunds.bankAccountNeeded': {
    ko: '무통장 입금 등 결제 수단으로 돌려드릴 수 없는 충전이 있어 그 금액은 본인 명의 계좌로 보내 드립니다. 환불받을 계좌를 입력해 주세요.',
    en: 'Some of your coins were charged in a way that cannot be paid back to it (such as a bank deposit): that part is sent to your own bank account. Enter the account to refund to.',
    ja: '銀行振込など決済手段に返金できないチャージがあるため、その分はご本人名義の口座にお送りします。返金先の口座を入力してください。',
  },
  'moneyOut.accountNotMembers': {
    ko: '환불받을 계좌의 예금주가 회원님 본인(본인인증 이름 또는 무통장 입금자명)이 아닙니다. 본인 명의 계좌를 입력해 주세요.',
    en: 'The bank says this account is not held by you (the name your identity check verified, or the depositor name of your bank deposits). Enter an account in your own name.',
    ja: '返金先口座の口座名義がご本人（本人確認のお名前または振込名義）ではありません。ご本人名義の口座を入力してください。',
  },
  'moneyOut.accountNotMembersField': {
    ko: '환불받을 계좌의 예금주가 본인이 아닙니다. 본인 명의 계좌를 입력해 주세요.',
    en: 'The bank says this account is not held by you. Enter an account in your own name.',
    ja: '返金先口座の口座名義がご本人ではありません。ご本人名義の口座を入力してください。',
  },
  'moneyOut.accountNotFound': {
    ko: '은행에 없는 계좌번호입니다. 은행과 계좌번호를 확인해 주세요.',
    en: 'The bank has no such account. Check the bank and the account number.',
    ja: '銀行に存在しない口座番号です。銀行と口座番号をご確認ください。',
  },
  'moneyOut.accountNotFoundField': {
    ko: '은행에 없는 계좌번호입니다.',
    en: 'The bank has no such account.',
    ja: '銀行に存在しない口座番号です。',
  },
  'moneyOut.bankLookupUnavailable': {
    ko: '은행에서 예금주를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요. 코인은 그대로 있습니다.',
    en: 'The bank could not confirm the account holder. Try again in a moment; your coins have not moved.',
    ja: '銀行で口座名義を確認できませんでした。しばらくしてから再度お試しください。コインはそのままです。',
  },
  'moneyOut.destinationChanged': {
    ko: '보유 코인이 바뀌어 환불 방법이 달라졌습니다. 내용을 다시 확인하고 요청해 주세요.',
    en: 'Your coins changed, and with them where the refund goes. Check it again and ask again.',
    ja: '保有コインが変わり、返金先が変わりました。内容を再確認してからもう一度お申し込みください。',
  },
  'moneyOut.providerPartOpen': {
    ko: '카드·간편결제로 돌려줄 부분이 아직 결제대행사에서 환불되지 않았습니다. "결제대행사로 환불"을 먼저 진행해 주세요.',
    en: 'The part that goes back to the card or wallet has not been refunded at the provider yet. Refund at provider first.',
    ja: 'カード・簡易決済に返金する部分がまだ決済代行会社で返金されていません。先に「決済代行会社で返金」を行ってください。',
  },
  'moneyOut.accountUnverified': {
    ko: '이 환불 계좌는 본인 명의로 확인되지 않았습니다. 지급을 거절하면 회원이 본인 명의 계좌로 다시 요청합니다.',
    en: 'This refund account was never confirmed as the member’s own. Refuse it: the member then asks again with an account in his own name.',
    ja: 'この返金口座は本人名義として確認されていません。支払いを拒否すると、会員が本人名義の口座で再申請します。',
  },
  'coinRefunds.bankAccountNeededField': {
    ko: '환불받을 계좌를 입력해 주세요.',
    en: 'Enter the bank account to refund to.',
    ja: '返金先の口座を入力してください。',
  },
  'coinRefunds.holderTooLong': {
    ko: '예금주는 100자 이하로 입력해 주세요.',
    en: 'The account holder can be at most 100 characters.',
    ja: '口座名義は100文字以内で入力してください。',
  },
  'coinRefunds.notRefused': {
    ko: '지급이 거절된 환불 요청만 계좌를 수정할 수 있습니다.',
    en: 'Only a refund request finance could not pay takes a corrected account.',
    ja: '支払いが拒否された返金リクエストのみ口座を修正できます。',
  },
  'coinRefunds.notRefusable': {
    ko: '요청 상태의 환불만 지급 거절할 수 있습니다.',
    en: 'Only a requested refund can be refused.',
    ja: 'リクエスト中の返金のみ拒否できます。',
  },
  'coinRefunds.notRefundableAtProvider': {
    ko: '이 환불은 계좌로 송금하는 요청이라 결제대행사를 통해 환불할 수 없습니다. 환불 상세의 계좌로 송금한 뒤 지급 완료로 표시해 주세요.',
    en: 'This refund is paid to a bank account, not through a payment provider. Send it to the account on the refund’s page, then mark it paid.',
    ja: 'この返金は口座への送金のため、決済代行会社を通じて返金できません。返金詳細の口座へ送金してから支払い完了にしてください。',
  },
  'coinRefunds.paidByHandNotForProvider': {
    ko: '이 환불은 회원의 결제 수단으로 돌려주는 요청이라 지급 완료로 표시할 수 없습니다. 결제대행사로 환불해 주세요.',
    en: 'This refund goes back to the member’s payment method, so it cannot be marked paid by hand. Refund it through the payment provider.',
    ja: 'この返金は会員の決済手段に戻すため、支払い完了にはできません。決済代行会社で返金してください。',
  },
  'coinRefunds.notRequested': {
    ko: '요청 상태의 환불만 결제대행사를 통해 환불할 수 있습니다.',
    en: 'Only a requested refund can be refunded at the payment provider.',
    ja: 'リクエスト中の返金のみ決済代行会社で返金できます。',
  },
  'coinRefunds.refundedAtProvider': {
    ko: '이 환불의 모든 결제 건이 이미 결제대행사에서 환불되었습니다. 따로 지급할 금액이 없습니다.',
    en: 'Every charge of this refund already came back from its payment provider: nothing is left to pay by hand.',
    ja: 'この返金のすべての決済はすでに決済代行会社で返金済みです。別途支払う金額はありません。',
  },
  'coinRefunds.refusedChargedBack': {
    ko: '카드사(결제대행사)가 이 결제를 취소해 결제 금액이 이미 결제 수단으로 돌아가, 이 환불 요청은 종료되었습니다. 요청한 코인은 지갑으로 돌아왔고 취소된 결제의 코인은 회수되었습니다. 남은 코인은 다시 환불을 요청할 수 있습니다.',
    en: 'Your card company (payment provider) cancelled this charge and its money already went back to your payment method, so this refund request was closed. Its coins came back to your wallet and the cancelled charge’s coins were taken back. You can ask again for a refund of the coins left.',
    ja: 'カード会社（決済代行会社）がこの決済を取り消し、決済金額はすでに決済手段に戻ったため、この返金リクエストは終了しました。リクエストしたコインはウォレットに戻り、取り消された決済のコインは回収されました。残りのコインは改めて返金をリクエストできます。',
  },
  'coinRefunds.providerRefundUnderWay': {
    ko: '이 환불은 지금 결제대행사에서 처리 중입니다. 잠시 후 다시 확인해 주세요.',
    en: 'This refund is being made at the payment provider right now. Check again in a moment.',
    ja: 'この返金は現在決済代行会社で処理中です。しばらくしてから再度ご確認ください。',
  },
  'coinRefunds.withdrawalHasNoAccount': {
    ko: '청약 철회는 결제 수단으로 환불되어 계좌가 필요하지 않습니다.',
    en: 'A withdrawal goes back to the payment it came from and takes no bank account.',
    ja: '申込撤回は決済手段に返金されるため、口座は不要です。',
  },
  'notification.COINS_EXPIRING': {
    ko: '코인 {coins}개가 {days}일 후({date})에 만료됩니다. 내 코인에서 확인하세요.',
    en: '{coins} of your coins expire in {days} days ({date}). See them under My coins.',
    ja: 'コイン{coins}枚が{days}日後（{date}）に期限切れになります。マイコインで確認してください。',
  },
  'coinExpiry.mailSubject': {
    ko: '[Fanmission] 코인 {coins}개가 {days}일 후 만료됩니다',
    en: '[Fanmission] {coins} coins expire in {days} days',
    ja: '[Fanmission] コイン{coins}枚が{days}日後に期限切れになります',
  },
  'coinExpiry.mailGreeting': {
    ko: '{name}님, 안녕하세요.',
    en: 'Hello {name},',
    ja: '{name}さん、こんにちは。',
  },
  'coinExpiry.mailBody': {
    ko: '보유하신 코인 {coins}개의 유효기간(5년)이 {date}에 끝납니다. 만료된 코인은 사용하거나 환불받을 수 없으니 그 전에 사용해 주세요.',
    en: 'The 5-year validity of {coins} of your coins ends on {date}. Expired coins can be neither used nor refunded: use them before then.',
    ja: '保有コイン{coins}枚の有効期間（5年）が{date}に終わります。期限切れのコインは使用も返金もできませんので、それまでにご利用ください。',
  },
  'coinExpiry.mailAction': {
    ko: '내 코인 보기',
    en: 'See my coins',
    ja: 'マイコインを見る',
  },
} as const satisfies Catalog;
