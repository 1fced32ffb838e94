import type { Catalog } from './catalog';

/** Server messages of the comments module (ko, en, ja): rules, failures and the comment notifications. */
export const commentsMessages = {
  'comments.contentRequired': {
    ko: '댓글을 입력해 주세요.',
    en: 'Please enter a comment.',
    ja: 'コメントを入力してください。',
  },
  'comments.replyRequired': {
    ko: '답글을 입력해 주세요.',
    en: 'Please enter a reply.',
    ja: '返信を入力してください。',
  },
  'comments.editRequired': {
    ko: '내용을 입력해 주세요.',
    en: 'Please enter the content.',
    ja: '内容を入力してください。',
  },
  'comments.tooLong': {
    ko: '댓글은 200자까지 입력할 수 있습니다.',
    en: 'A comment can be at most 200 characters.',
    ja: 'コメントは200文字まで入力できます。',
  },
  'comments.reportNotFound': {
    ko: '신고를 찾을 수 없습니다.',
    en: 'The report was not found.',
    ja: '通報が見つかりません。',
  },
  'comments.notFound': {
    ko: '댓글을 찾을 수 없습니다.',
    en: 'The comment was not found.',
    ja: 'コメントが見つかりません。',
  },
  // The client shows this literal text for a 409 on delete, the same in every language.
  'comments.cannotRemove': {
    ko: "Can't Remove Comment",
    en: "Can't Remove Comment",
    ja: "Can't Remove Comment",
  },
  'comments.reportReasonInvalid': {
    ko: '신고 사유를 골라 주세요.',
    en: 'Please choose why you report this comment.',
    ja: '通報の理由を選んでください。',
  },
  'comments.reportDetailRequired': {
    ko: '무엇이 문제인지 적어 주세요.',
    en: 'Please say what is wrong with it.',
    ja: '何が問題か書いてください。',
  },
  'comments.reportDetailTooLong': {
    ko: '신고 내용은 200자까지 입력할 수 있습니다.',
    en: 'The report can be at most 200 characters.',
    ja: '通報内容は200文字まで入力できます。',
  },
  'notification.COMMENT_REPORT_UPHELD': {
    ko: '신고하신 댓글을 검토해 숨김 처리했습니다. 신고해 주셔서 감사합니다.',
    en: 'We reviewed the comment you reported and hid it. Thank you for reporting it.',
    ja: '通報いただいたコメントを確認し、非表示にしました。ご協力ありがとうございます。',
  },
  'notification.COMMENT_REPORT_DISMISSED': {
    ko: '신고하신 댓글을 검토했지만 운영 정책 위반이 확인되지 않아 그대로 둡니다.',
    en: 'We reviewed the comment you reported and found no breach of our policies, so it stays.',
    ja: '通報いただいたコメントを確認しましたが、運営ポリシー違反は確認されなかったため、そのままにします。',
  },
  'comments.ownComment': {
    ko: '내 댓글은 신고할 수 없습니다.',
    en: 'You cannot report your own comment.',
    ja: '自分のコメントは通報できません。',
  },
  'comments.restricted': {
    ko: '{until}까지 댓글을 작성할 수 없습니다.',
    en: 'You cannot comment until {until}.',
    ja: '{until}までコメントを書くことができません。',
  },
  'comments.eventEndsBeforeStart': {
    ko: '종료 시각은 시작 시각보다 늦어야 합니다.',
    en: 'The end must be after the start.',
    ja: '終了日時は開始日時より後である必要があります。',
  },
  'comments.eventNotFound': {
    ko: '댓글 이벤트를 찾을 수 없습니다.',
    en: 'The comment event was not found.',
    ja: 'コメントイベントが見つかりません。',
  },
  'comments.eventOwnApproval': {
    ko: '직접 만들었거나 예산·기간을 마지막으로 정한 이벤트의 예산은 승인할 수 없습니다. 다른 재무 담당자가 승인해야 합니다.',
    en: 'You cannot approve the budget of an event you created or whose budget or period you set last. Another finance member must approve it.',
    ja: 'ご自身が作成した、または予算・期間を最後に設定したイベントの予算は承認できません。別の財務担当者が承認する必要があります。',
  },
  'comments.eventApprovalNotPending': {
    ko: '이 이벤트의 예산은 승인이 필요하지 않거나 이미 승인되었습니다.',
    en: 'This event’s budget needs no approval or has already been approved.',
    ja: 'このイベントの予算は承認が不要か、すでに承認されています。',
  },
  'comments.eventHasWins': {
    ko: '당첨자가 있는 이벤트는 삭제할 수 없습니다.',
    en: 'An event with winners cannot be deleted.',
    ja: '当選者のいるイベントは削除できません。',
  },
  'comments.restrictionNotFound': {
    ko: '댓글 제한을 찾을 수 없습니다.',
    en: 'The comment restriction was not found.',
    ja: 'コメント制限が見つかりません。',
  },
  'comments.unknownUser': {
    ko: '회원을 찾을 수 없습니다.',
    en: 'The member was not found.',
    ja: '会員が見つかりません。',
  },
  'comments.tooMany': {
    ko: '댓글을 너무 많이 올렸습니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'You are posting comments too fast. Please try again in {seconds} seconds.',
    ja: 'コメントの投稿が多すぎます。{seconds}秒後にもう一度お試しください。',
  },
} as const satisfies Catalog;
