import type { Catalog } from './catalog';

/** Server messages of the lottery events module, ko/en/ja; notification texts of its events too. */
export const lotteryEventsMessages = {
  'events.titleTooLong': {
    ko: '제목은 200자 이하여야 합니다.',
    en: 'The title must be at most 200 characters.',
    ja: 'タイトルは200文字以内で入力してください。',
  },
  'events.descriptionTooLong': {
    ko: '설명은 200자 이하여야 합니다.',
    en: 'The description must be at most 200 characters.',
    ja: '説明は200文字以内で入力してください。',
  },
  'events.drawNumberTooLarge': {
    ko: '추첨 인원은 1,000명 이하여야 합니다.',
    en: 'The draw count must be at most 1,000.',
    ja: '当選人数は1,000人以下にしてください。',
  },
  'events.dateInvalid': {
    ko: '날짜는 YYYY-MM-DD 형식이어야 합니다.',
    en: 'Dates must be YYYY-MM-DD.',
    ja: '日付はYYYY-MM-DD形式で入力してください。',
  },
  'events.storyTooLong': {
    ko: '사연은 200자 이하여야 합니다.',
    en: 'The story must be at most 200 characters.',
    ja: 'エピソードは200文字以内で入力してください。',
  },
  'events.phoneRequired': {
    ko: '연락처를 입력해 주세요.',
    en: 'Enter your phone number.',
    ja: '電話番号を入力してください。',
  },
  'events.phoneDigits': {
    ko: '연락처는 숫자만 입력해 주세요.',
    en: 'The phone number must be digits only.',
    ja: '電話番号は数字のみで入力してください。',
  },
  'events.nameRequired': {
    ko: '실명을 입력해 주세요.',
    en: 'Enter your real name.',
    ja: '本名を入力してください。',
  },
  'events.nameTooLong': {
    ko: '이름은 50자 이하여야 합니다.',
    en: 'The name must be at most 50 characters.',
    ja: '名前は50文字以内で入力してください。',
  },
  'events.messageTooLong': {
    ko: '메시지는 200자 이하여야 합니다.',
    en: 'The message must be at most 200 characters.',
    ja: 'メッセージは200文字以内で入力してください。',
  },
  'events.attachmentImage': {
    ko: '첨부 파일은 5MB 이하의 이미지여야 합니다.',
    en: 'The attachment must be an image of at most 5 MB.',
    ja: '添付ファイルは5MB以下の画像にしてください。',
  },
  'events.ownEvent': {
    ko: '자신의 이벤트에는 응모할 수 없습니다.',
    en: 'You cannot apply to your own event.',
    ja: '自分のイベントには応募できません。',
  },
  'events.notApplying': {
    ko: '지금은 응모 기간이 아닙니다.',
    en: 'This event is not taking applications now.',
    ja: '現在は応募期間ではありません。',
  },
  'events.alreadyApplied': {
    ko: '이미 응모한 이벤트입니다.',
    en: 'You have already applied to this event.',
    ja: 'すでに応募済みのイベントです。',
  },
  'events.applicantNotFound': {
    ko: '응모 내역을 찾을 수 없습니다.',
    en: 'The application was not found.',
    ja: '応募が見つかりません。',
  },
  'events.notEditable': {
    ko: '응모가 시작된 이벤트는 수정할 수 없습니다.',
    en: 'The event can be edited only before applications open.',
    ja: '応募開始後のイベントは編集できません。',
  },
  'events.notDrawing': {
    ko: '추첨 중인 이벤트가 아닙니다.',
    en: 'The event is not being drawn.',
    ja: '抽選中のイベントではありません。',
  },
  'events.drawDeadlinePassed': {
    ko: '응모 마감 후 14일이 지나 자동 추첨되었습니다.',
    en: '14 days have passed since applications closed; the draw was made automatically.',
    ja: '応募締切から14日が過ぎたため、自動で抽選されました。',
  },
  'events.drawCountExceeded': {
    ko: '추첨 인원을 초과하여 더 이상 추가할 수 없습니다.',
    en: 'Cannot add more; draw count exceeded.',
    ja: '当選人数を超えたため、これ以上追加できません。',
  },
  'events.alreadyPicked': {
    ko: '이미 당첨자로 선택된 응모자입니다.',
    en: 'This applicant is already picked.',
    ja: 'すでに当選者に選ばれた応募者です。',
  },
  'events.notPicked': {
    ko: '당첨자로 선택되지 않은 응모자입니다.',
    en: 'This applicant is not picked.',
    ja: '当選者に選ばれていない応募者です。',
  },
  'events.drawAllDone': {
    ko: '추첨이 모두 완료되었습니다.',
    en: 'The draw is all done.',
    ja: '抽選はすべて完了しました。',
  },
  'events.notDrawable': {
    ko: '추첨 인원을 모두 선택해야 추첨을 완료할 수 있습니다.',
    en: 'Pick every winner before finishing the draw.',
    ja: '当選人数をすべて選んでから抽選を完了してください。',
  },
  'events.notCancelable': {
    ko: '종료되었거나 취소된 이벤트는 취소할 수 없습니다.',
    en: 'A closed or cancelled event cannot be cancelled.',
    ja: '終了またはキャンセル済みのイベントはキャンセルできません。',
  },
  'events.busy': {
    ko: '이벤트 상태가 바뀌는 중입니다. 잠시 후 다시 시도해 주세요.',
    en: 'The event is changing state; please try again.',
    ja: 'イベントの状態が変わっています。しばらくしてから再度お試しください。',
  },
  'events.notAWinner': {
    ko: '당첨된 응모가 아닙니다.',
    en: 'This application did not win.',
    ja: '当選した応募ではありません。',
  },
  'events.alreadyPerformed': {
    ko: '이미 당첨 상품이 등록되었습니다.',
    en: 'This prize has already been delivered.',
    ja: 'すでに当選賞品が登録されています。',
  },
  'events.prizeDeadlinePassed': {
    ko: '당첨 발표 후 1주일이 지나 등록할 수 없습니다.',
    en: 'The week to deliver this prize has passed.',
    ja: '当選発表から1週間が過ぎたため登録できません。',
  },
  'roulette.clientSeedTooLong': {
    ko: '클라이언트 시드는 64자 이하여야 합니다.',
    en: 'The client seed must be at most 64 characters.',
    ja: 'クライアントシードは64文字以内で入力してください。',
  },
  'roulette.clientSeedCharacters': {
    ko: '클라이언트 시드는 공백 없는 영문, 숫자, 기호만 사용할 수 있습니다.',
    en: 'The client seed may use letters, digits and symbols without spaces.',
    ja: 'クライアントシードには空白なしの英数字と記号のみ使用できます。',
  },
  'notification.EVENT_APPLIED': {
    ko: '「{title}」 이벤트 응모가 완료되었습니다.',
    en: 'Your application to “{title}” was received.',
    ja: '「{title}」イベントへの応募が完了しました。',
  },
  'notification.EVENT_WON': {
    ko: '축하합니다! 「{title}」 이벤트에 당첨되었습니다.',
    en: 'Congratulations! You won “{title}”.',
    ja: 'おめでとうございます！「{title}」イベントに当選しました。',
  },
  'notification.EVENT_NOT_WON': {
    ko: '「{title}」 이벤트 추첨 결과가 발표되었습니다. 아쉽게도 당첨되지 않았습니다.',
    en: 'The draw of “{title}” is out. You were not picked this time.',
    ja: '「{title}」イベントの抽選結果が発表されました。残念ながら当選しませんでした。',
  },
  'notification.EVENT_PRIZE_DELIVERED': {
    ko: '{actor}님이 「{product}」 당첨 상품을 보냈습니다. 지금 확인해 보세요!',
    en: '{actor} delivered your prize for “{product}”. Take a look!',
    ja: '{actor}さんが「{product}」の当選賞品を届けました。今すぐ確認しましょう！',
  },
  'notification.EVENT_CANCELED': {
    ko: '「{title}」 이벤트가 취소되었습니다.',
    en: 'The event “{title}” was cancelled.',
    ja: '「{title}」イベントはキャンセルされました。',
  },
  'notification.EVENT_PRIZE_EXPIRED': {
    ko: '「{product}」 당첨 상품이 1주일 안에 전달되지 않았습니다. 크리에이터에게 페널티가 부과되었습니다.',
    en: 'Your prize for “{product}” was not delivered within a week; the creator was penalised.',
    ja: '「{product}」の当選賞品が1週間以内に届けられませんでした。クリエイターにペナルティが科されました。',
  },
} satisfies Catalog;
