import type { Catalog } from './catalog';

/** Server messages of the income and settlement module (ko, en, ja). */
export const incomeMessages = {
  'income.creatorNotFound': {
    ko: '크리에이터를 찾을 수 없습니다.',
    en: 'The creator was not found.',
    ja: 'クリエイターが見つかりません。',
  },
  'income.statementNotFound': {
    ko: '정산서를 찾을 수 없습니다.',
    en: 'The settlement statement was not found.',
    ja: '精算書が見つかりません。',
  },
  'income.statementNotApprovable': {
    ko: '발행된 정산서만 승인할 수 있습니다.',
    en: 'Only an issued statement can be approved.',
    ja: '発行済みの精算書のみ承認できます。',
  },
  'income.statementNotPayable': {
    ko: '이월된 달은 지급할 수 없습니다. 다음 정산서에 포함됩니다.',
    en: 'A carried-over month cannot be paid; the next statement includes it.',
    ja: '繰り越された月は支払えません。次の精算書に含まれます。',
  },
  'income.transferResultUnreadable': {
    ko: '은행 결과 파일을 읽을 수 없습니다. 첫 줄에 statementId(또는 memo), amount, result 열이 있어야 합니다.',
    en: 'The bank result file cannot be read: its first line must name the statementId (or memo), amount and result columns.',
    ja: '銀行の結果ファイルを読めません。1行目に statementId（または memo）、amount、result の列が必要です。',
  },
  'income.transferBatchNotFound': {
    ko: '이체 배치를 찾을 수 없습니다.',
    en: 'The transfer batch was not found.',
    ja: '振込バッチが見つかりません。',
  },
  'income.transferBatchSelectedInTransfer': {
    ko: '정산서 #{id}: 이미 이체 배치 #{batchId}에 들어 있습니다. 한 정산서는 한 파일에만 들어갑니다.',
    en: 'Statement #{id}: already in transfer batch #{batchId}; a statement is in one file only.',
    ja: '精算書 #{id}：すでに振込バッチ #{batchId} に含まれています。精算書は一つのファイルにだけ含まれます。',
  },
  'income.transferBatchSelectedNotApproved': {
    ko: '정산서 #{id}: 승인되지 않았거나 이미 지급되어 이체 파일에 넣을 수 없습니다.',
    en: 'Statement #{id}: not approved, or already paid, so it cannot go in a transfer file.',
    ja: '精算書 #{id}：承認されていないか支払い済みのため、振込ファイルに含められません。',
  },
  'income.transferBatchSelectedNoBankCode': {
    ko: '정산서 #{id}: 은행코드를 알 수 없는 은행이라 이체 파일에 넣을 수 없습니다.',
    en: 'Statement #{id}: its bank has no known bank code, so it cannot go in a transfer file.',
    ja: '精算書 #{id}：銀行コードが分からない銀行のため、振込ファイルに含められません。',
  },
  'income.payeeAccountChanged': {
    ko: '정산서 #{id}: 정산서를 발행한 뒤 지급 계좌가 바뀌었습니다. 확인된 본인 계좌로만 이체합니다.',
    en: 'Statement #{id}: the creator’s payout account changed after the statement was issued; only his own verified account is paid.',
    ja: '精算書 #{id}：精算書の発行後に支払口座が変更されました。確認済みの本人口座にのみ振り込みます。',
  },
  'income.payeeAccountUnverified': {
    ko: '정산서 #{id}: 은행 예금주 조회로 크리에이터 본인 명의임이 확인되지 않은 계좌입니다.',
    en: 'Statement #{id}: the bank’s holder look-up never confirmed the account is held in the creator’s name.',
    ja: '精算書 #{id}：銀行の預金者照会で、クリエイター本人名義であることが確認されていない口座です。',
  },
  'income.payeeAccountHolderNotPayee': {
    ko: '정산서 #{id}: 확인된 예금주가 더 이상 크리에이터의 본인 확인 이름이나 확인된 사업자 등록 상호가 아닙니다.',
    en: 'Statement #{id}: the account’s confirmed holder is no longer the creator’s verified name nor his verified business’s registered name.',
    ja: '精算書 #{id}：確認済みの預金者が、もはやクリエイターの本人確認済みの名前でも確認済みの事業者登録の商号でもありません。',
  },
  'income.transferBatchNotReleased': {
    ko: '다른 재무 담당자가 승인(출고)하기 전에는 이체 파일을 내려받거나 결과를 반영할 수 없습니다.',
    en: 'The transfer file cannot be downloaded, nor its result read, before another finance member releases the batch.',
    ja: '別の経理担当者がバッチをリリースするまで、振込ファイルのダウンロードや結果の反映はできません。',
  },
  'income.transferBatchNotReleasable': {
    ko: '이 이체 배치는 더 이상 승인(출고)할 수 없습니다.',
    en: 'This transfer batch can no longer be released.',
    ja: 'この振込バッチはもうリリースできません。',
  },
  'income.transferBatchNotCancellable': {
    ko: '승인(출고)된 이체 배치는 취소할 수 없습니다. 파일이 이미 은행에 갔을 수 있습니다.',
    en: 'A released transfer batch cannot be cancelled: its file may be at the bank.',
    ja: 'リリース済みの振込バッチは取り消せません。ファイルがすでに銀行に渡っている可能性があります。',
  },
  'income.transferBatchFileChanged': {
    ko: '이체 파일이 기록된 해시와 다릅니다. 내려받을 수 없습니다.',
    en: 'The transfer file no longer matches its recorded hash: it cannot be downloaded.',
    ja: '振込ファイルが記録されたハッシュと一致しないため、ダウンロードできません。',
  },
  'income.batchEmpty': {
    ko: '이 조건에 맞는 정산서가 없습니다. 보류된 정산서는 일괄 처리에 들어가지 않습니다.',
    en: 'No statement matches; held statements are never in a batch.',
    ja: 'この条件に合う精算書がありません。保留中の精算書は一括処理に含まれません。',
  },
  'income.batchSelectionRefused': {
    ko: '선택한 정산서 가운데 {count}건은 일괄 처리에 넣을 수 없어 아무것도 요청하지 않았습니다. 그 달의 정산서로, 처리할 상태이고 보류되지 않은 것만 넣을 수 있습니다.',
    en: 'Nothing was asked: {count} of the selected statements cannot go in the batch. Only statements of the month, in the status the action takes and not held, can.',
    ja: '選択した精算書のうち {count} 件は一括処理に含められないため、何も依頼していません。その月の、処理する状態にあり保留されていない精算書だけを含められます。',
  },
  'income.batchSelectedNotInMonth': {
    ko: '정산서 #{id}: {year}년 {month}월의 정산서가 아닙니다.',
    en: 'Statement #{id}: not a statement of {year}-{month}.',
    ja: '精算書 #{id}：{year}年{month}月の精算書ではありません。',
  },
  'income.batchSelectedNotIssued': {
    ko: '정산서 #{id}: 발행된 정산서가 아니라 승인할 수 없습니다.',
    en: 'Statement #{id}: not issued, so it cannot be approved.',
    ja: '精算書 #{id}：発行済みではないため承認できません。',
  },
  'income.batchSelectedNotApproved': {
    ko: '정산서 #{id}: 승인된 정산서가 아니라 지급 완료로 처리할 수 없습니다.',
    en: 'Statement #{id}: not approved, so it cannot be marked paid.',
    ja: '精算書 #{id}：承認済みではないため支払い済みにできません。',
  },
  'income.batchSelectedHeld': {
    ko: '정산서 #{id}: 보류되어 있습니다. 보류된 정산서는 일괄 처리에 들어가지 않습니다.',
    en: 'Statement #{id}: held; held statements are never in a batch.',
    ja: '精算書 #{id}：保留中です。保留中の精算書は一括処理に含まれません。',
  },
  'income.statementHeld': {
    ko: '정산 계좌가 최근 변경되어 보류된 정산서입니다. 확인 후 보류를 해제해야 승인하거나 지급할 수 있습니다.',
    en: 'This statement is held because its payout account changed recently; release the hold once checked to approve or pay it.',
    ja: '精算口座が最近変更されたため保留中の精算書です。確認後に保留を解除すると承認・支払いができます。',
  },
  'income.payToAccountUnverified': {
    ko: '예금주 확인이 끝나지 않은 계좌로 가는 정산서라 승인하거나 지급할 수 없습니다. 계좌의 예금주가 크리에이터 본인(또는 사업자)으로 확인되면 보류가 자동으로 풀립니다.',
    en: 'This statement pays an account whose holder has not been verified, so it cannot be approved or paid. The hold lifts by itself once the holder is verified as the creator (or his business).',
    ja: '名義確認が済んでいない口座への精算書のため、承認も支払いもできません。口座名義がクリエイター本人（または事業者）と確認されると保留は自動で解除されます。',
  },
  'income.payToAccountMismatch': {
    ko: '계좌의 예금주({holder})가 크리에이터 본인이나 사업자 이름과 달라 보류된 정산서입니다. 크리에이터가 본인 계좌로 바꿔야 지급할 수 있습니다.',
    en: 'This statement is held because the account’s holder ({holder}) is neither the creator’s name nor his business name. It can be paid once the creator sets an account of his own.',
    ja: '口座名義（{holder}）がクリエイター本人または事業者の名前と異なるため保留中の精算書です。クリエイターが本人名義の口座に変更すると支払えます。',
  },
  'income.ownPayoutChange': {
    ko: '이 정산서를 보류시킨 정산 계좌 변경을 한 사람은 보류 해제를 요청하거나 승인할 수 없습니다. 다른 재무 담당자가 처리해야 합니다.',
    en: 'You made the payout account change that held this statement: other finance members must release the hold and approve its release.',
    ja: 'この精算書を保留にした精算口座の変更を行った人は、保留の解除を依頼することも承認することもできません。他の財務担当者が対応する必要があります。',
  },
  'income.statementNotHeld': {
    ko: '보류된 정산서가 아닙니다.',
    en: 'This statement is not held.',
    ja: 'この精算書は保留されていません。',
  },
  'income.monthNotEnded': {
    ko: '아직 끝나지 않은 달({month})은 정산할 수 없습니다.',
    en: '{month} has not ended yet and cannot be settled.',
    ja: '{month}はまだ終わっていないため精算できません。',
  },
  'income.gradeProposalNotFound': {
    ko: '등급 제안을 찾을 수 없습니다.',
    en: 'The grade proposal was not found.',
    ja: 'グレードの提案が見つかりません。',
  },
  'income.gradeProposalConfirmed': {
    ko: '이미 다른 등급으로 확정된 제안입니다.',
    en: 'This proposal was already confirmed with another grade.',
    ja: 'この提案はすでに別のグレードで確定されています。',
  },
} as const satisfies Catalog;
