import type { Catalog } from './catalog';

/** Server messages of staff approvals, the maker-checker rule of the console's money actions (ko, en, ja). */
export const approvalsMessages = {
  'approvals.ownRequest': {
    ko: '본인이 요청한 작업은 승인할 수 없습니다. 다른 운영진이 승인해야 합니다.',
    en: 'You made this request: another staff member must approve it.',
    ja: '自分が依頼した作業は承認できません。他の運営スタッフが承認する必要があります。',
  },
  'approvals.staffRelated': {
    ko: '요청자와 운영진 초대·권한 부여·승인으로 이어진 계정(같은 사람이 초대한 계정끼리도)은 그 요청을 승인할 수 없습니다. 다른 운영진이 승인해야 합니다.',
    en: 'You and the requester are linked by staff access (one let the other in, or the same member chose you both): another staff member must approve it.',
    ja: '依頼者と運営スタッフの招待・権限付与・承認でつながっているアカウント（同じ人が招待したアカウント同士も）は、その依頼を承認できません。他の運営スタッフが承認する必要があります。',
  },
  'approvals.voided': {
    ko: '요청 후 대상이 변경되어 요청이 무효가 되었습니다. 아무것도 실행하지 않았습니다. 다시 요청해 주세요.',
    en: 'What the request acts on changed after it was made: the request is void and nothing ran. Make a new request.',
    ja: '依頼後に対象が変更されたため、依頼は無効になりました。何も実行していません。改めて依頼してください。',
  },
  'approvals.expired': {
    ko: '요청의 승인 기한이 지났습니다. 아무것도 실행하지 않았습니다.',
    en: 'The request expired before its approval: nothing ran.',
    ja: '依頼の承認期限が過ぎました。何も実行していません。',
  },
  'approvals.notPending': {
    ko: '이미 처리된 요청입니다.',
    en: 'The request has already been decided.',
    ja: 'この依頼はすでに処理されています。',
  },
  'approvals.notFound': {
    ko: '요청을 찾을 수 없습니다.',
    en: 'The request was not found.',
    ja: '依頼が見つかりません。',
  },
  'approvals.bonusDailyCapExceeded': {
    ko: '오늘의 무료 코인 지급 한도({cap}코인)를 넘습니다: 이미 {granted}코인을 지급했고 이 지급은 {coins}코인입니다. 지급하지 않았습니다.',
    en: "Today's free-coin cap of {cap} coins would be exceeded: {granted} are granted and this grant is {coins}. Nothing was granted.",
    ja: '本日の無料コイン付与上限（{cap}コイン）を超えます：{granted}コインが付与済みで、この付与は{coins}コインです。付与していません。',
  },
  'approvals.bonusMonthlyCapExceeded': {
    ko: '이번 달 무료 코인 지급 한도({cap}코인)를 넘습니다: 이미 {granted}코인을 지급했고 이 지급은 {coins}코인입니다. 지급하지 않았습니다.',
    en: "This month's free-coin cap of {cap} coins would be exceeded: {granted} are granted and this grant is {coins}. Nothing was granted.",
    ja: '今月の無料コイン付与上限（{cap}コイン）を超えます：{granted}コインが付与済みで、この付与は{coins}コインです。付与していません。',
  },
  'approvals.statementNotApproved': {
    ko: '승인된 정산서만 지급 완료로 처리할 수 있습니다. 먼저 다른 재무 담당자의 승인을 받아 주세요.',
    en: 'Only an approved statement can be marked paid: have it approved first.',
    ja: '承認済みの精算書のみ支払済みにできます。先に承認を受けてください。',
  },
} satisfies Catalog;
