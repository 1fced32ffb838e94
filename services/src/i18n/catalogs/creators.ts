import type { Catalog } from './catalog';

/** Server messages of the creators module (ko, en, ja): profile, discovery, follows, FAQ and popups. */
export const creatorsMessages = {
  'creators.notFound': {
    ko: '크리에이터를 찾을 수 없습니다.',
    en: 'The creator was not found.',
    ja: 'クリエイターが見つかりません。',
  },
  'creators.notACreator': {
    ko: '크리에이터 계정이 아닙니다.',
    en: 'This is not a creator account.',
    ja: 'クリエイターアカウントではありません。',
  },
  'creators.nothingToUpdate': {
    ko: '변경할 항목이 없습니다.',
    en: 'There is nothing to update.',
    ja: '変更する項目がありません。',
  },
  'creators.profileIncomplete': {
    ko: '프로필 수정에 실패했습니다. 필수 정보를 입력해 주세요.',
    en: 'Profile edit failed: some required information is missing.',
    ja: 'プロフィールの編集に失敗しました。必須情報を入力してください。',
  },
  'creators.tagsRequired': {
    ko: '활동 태그 정보가 필요합니다.',
    en: 'Activity tag information is required.',
    ja: '活動タグの情報が必要です。',
  },
  'creators.introRequired': {
    ko: '소개 영상 정보가 필요합니다.',
    en: 'Intro video information is required.',
    ja: '紹介動画の情報が必要です。',
  },
  'creators.imageRequired': {
    ko: '프로필 사진 정보가 필요합니다.',
    en: 'Profile image information is required.',
    ja: 'プロフィール写真の情報が必要です。',
  },
  'creators.nameRequired': {
    ko: '크리에이터 이름 정보가 필요합니다.',
    en: 'Creator name information is required.',
    ja: 'クリエイター名の情報が必要です。',
  },
  'creators.urlRequired': {
    ko: '공개 URL 정보가 필요합니다.',
    en: 'Public URL information is required.',
    ja: '公開URLの情報が必要です。',
  },
  'creators.snsLinksRequired': {
    ko: 'SNS 링크 정보가 필요합니다.',
    en: 'SNS link information is required.',
    ja: 'SNSリンクの情報が必要です。',
  },
  'creators.businessTypeRequired': {
    ko: '사업자 유형 정보가 필요합니다.',
    en: 'Business type information is required.',
    ja: '事業者区分の情報が必要です。',
  },
  'creators.businessNameRequired': {
    ko: '상호명 정보가 필요합니다.',
    en: 'Business name information is required.',
    ja: '商号の情報が必要です。',
  },
  'creators.businessRegistrationNumberRequired': {
    ko: '사업자 등록번호 정보가 필요합니다.',
    en: 'Business registration number information is required.',
    ja: '事業者登録番号の情報が必要です。',
  },
  'creators.businessCashReceiptNumberRequired': {
    ko: '현금영수증 번호 정보가 필요합니다.',
    en: 'Cash receipt number information is required.',
    ja: '現金領収書番号の情報が必要です。',
  },
  'creators.businessRegistrationNumberInvalid': {
    ko: '사업자 등록번호는 검증번호가 맞는 10자리 숫자입니다 (예: 220-81-62517). 번호를 다시 확인해 주세요.',
    en: 'A business registration number has 10 digits, the last a check digit (e.g. 220-81-62517). Check the number.',
    ja: '事業者登録番号は検証番号の合う10桁の数字です（例: 220-81-62517）。番号をご確認ください。',
  },
  'creators.businessRegistrationNotFound': {
    ko: '국세청에 등록되지 않은 사업자 등록번호입니다. 번호를 확인해 주세요.',
    en: 'The tax office has no business registered under this number. Check the number.',
    ja: '国税庁に登録されていない事業者登録番号です。番号をご確認ください。',
  },
  'creators.businessClosed': {
    ko: '폐업한 사업자입니다. 폐업한 사업자로는 사업자 정산을 받을 수 없습니다.',
    en: 'This business is closed (폐업). A closed business cannot be paid as a business.',
    ja: '廃業した事業者です。廃業した事業者として精算を受けることはできません。',
  },
  'creators.businessSuspended': {
    ko: '휴업 중인 사업자입니다. 휴업 중에는 사업자 정산을 받을 수 없습니다.',
    en: 'This business is suspended (휴업). A suspended business cannot be paid as a business.',
    ja: '休業中の事業者です。休業中は事業者として精算を受けることはできません。',
  },
  'creators.businessRegistryUnavailable': {
    ko: '국세청 사업자 상태를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요. 아무것도 바뀌지 않았습니다.',
    en: 'The business registry could not be asked. Try again in a moment; nothing was changed.',
    ja: '事業者の状態を確認できませんでした。しばらくしてから再度お試しください。何も変更されていません。',
  },
  'creators.businessNotDeclared': {
    ko: '크리에이터가 사업자(개인·법인)로 등록번호를 입력하지 않았습니다.',
    en: 'The creator has not declared a business (individual or corporation) with its registration number.',
    ja: 'クリエイターが事業者（個人・法人）として登録番号を入力していません。',
  },
  'creators.cashReceiptNumberInvalid': {
    ko: '현금영수증 번호는 숫자와 하이픈으로 8~20자입니다.',
    en: 'A cash receipt number has 8 to 20 digits or hyphens.',
    ja: '現金領収書番号は数字とハイフンで8〜20文字です。',
  },
  'creators.tagUnknown': {
    ko: '존재하지 않는 태그입니다.',
    en: 'This tag does not exist.',
    ja: '存在しないタグです。',
  },
  'creators.tooManyTags': {
    ko: '태그는 최대 10개까지 선택할 수 있습니다.',
    en: 'At most 10 tags can be chosen.',
    ja: 'タグは最大10個まで選択できます。',
  },
  'creators.tooLong': {
    ko: '입력할 수 있는 글자 수를 넘었습니다.',
    en: 'This is too long.',
    ja: '入力できる文字数を超えています。',
  },
  'creators.snsLinkInvalid': {
    ko: 'SNS 링크를 확인해 주세요 (http:// 또는 https:// 주소).',
    en: 'Please check the SNS link (an http:// or https:// address).',
    ja: 'SNSリンクをご確認ください（http://またはhttps://のアドレス）。',
  },
  'creators.snsLinkDuplicate': {
    ko: 'SNS 종류마다 링크는 하나만 등록할 수 있습니다.',
    en: 'Only one link per SNS type can be registered.',
    ja: 'SNSの種類ごとにリンクは1つだけ登録できます。',
  },
  'creators.urlInvalid': {
    ko: '공개 URL은 영문, 숫자, -, _ 로 50자 이내이며 숫자만으로 이루어질 수 없습니다.',
    en: 'The public URL may use letters, digits, - and _ (up to 50), and may not be only digits.',
    ja: '公開URLは英数字・-・_で50文字以内、数字のみにはできません。',
  },
  'creators.urlReserved': {
    ko: '사용할 수 없는 공개 URL입니다.',
    en: 'This public URL cannot be used.',
    ja: 'この公開URLは使用できません。',
  },
  'creators.urlTaken': {
    ko: '이미 사용 중인 공개 URL입니다.',
    en: 'This public URL is already taken.',
    ja: 'この公開URLはすでに使用されています。',
  },
  'creators.minimumCostInvalid': {
    ko: '최소 금액은 1코인 이상의 숫자여야 합니다.',
    en: 'The minimum cost must be a number of at least 1 coin.',
    ja: '最低金額は1コイン以上の数字にしてください。',
  },
  'creators.minimumCostRequired': {
    ko: '커스텀 미션을 받으려면 최소 금액이 필요합니다.',
    en: 'Accepting custom missions needs a minimum cost.',
    ja: 'カスタムミッションを受け付けるには最低金額が必要です。',
  },
  'creators.bankNameInvalid': {
    ko: '목록에 있는 은행을 선택해 주세요.',
    en: 'Please choose a bank from the list.',
    ja: 'リストから銀行を選択してください。',
  },
  'creators.payoutReauthenticationRequired': {
    ko: '정산 계좌를 변경하려면 다시 로그인한 뒤 {minutes}분 안에 변경해 주세요.',
    en: 'To change your payout account, sign in again and change it within {minutes} minutes.',
    ja: '精算口座を変更するには、もう一度ログインしてから{minutes}分以内に変更してください。',
  },
  'creators.introVideoOrAudioOnly': {
    ko: '소개 영상은 동영상 또는 음성 파일만 올릴 수 있습니다.',
    en: 'The intro must be a video or audio file.',
    ja: '紹介には動画または音声ファイルのみアップロードできます。',
  },
  'creators.cannotFollowSelf': {
    ko: '자신을 팔로우할 수 없습니다.',
    en: 'You cannot follow yourself.',
    ja: '自分をフォローすることはできません。',
  },
  'board.hexColourInvalid': {
    ko: '색상은 3자리 또는 6자리 16진수여야 합니다.',
    en: 'A colour must be 3 or 6 hex digits.',
    ja: '色は3桁または6桁の16進数にしてください。',
  },
  'board.popupPeriodInvalid': {
    ko: '종료 시각은 시작 시각보다 뒤여야 합니다.',
    en: 'The end must be after the start.',
    ja: '終了日時は開始日時より後にしてください。',
  },
  'board.faqNotFound': {
    ko: 'FAQ를 찾을 수 없습니다.',
    en: 'The FAQ entry was not found.',
    ja: 'FAQが見つかりません。',
  },
  'board.popupNotFound': {
    ko: '팝업을 찾을 수 없습니다.',
    en: 'The popup was not found.',
    ja: 'ポップアップが見つかりません。',
  },
  'board.fileNotFound': {
    ko: '파일을 찾을 수 없습니다.',
    en: 'The file was not found.',
    ja: 'ファイルが見つかりません。',
  },
} as const satisfies Catalog;
