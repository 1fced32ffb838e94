import type { Catalog } from './catalog';

/** Server messages of the mission-products and mission-reads modules (ko, en, ja). */
export const missionProductsMessages = {
  'missionProducts.priceInvalid': {
    ko: '가격은 1 이상의 정수(코인)로 입력해 주세요.',
    en: 'The price must be a whole number of coins, at least 1.',
    ja: '価格は1以上の整数(コイン)で入力してください。',
  },
  'missionProducts.nameTooLong': {
    ko: '미션 이름은 200자 이내로 입력해 주세요.',
    en: 'The mission name can be at most 200 characters.',
    ja: 'ミッション名は200文字以内で入力してください。',
  },
  'missionProducts.descriptionTooLong': {
    ko: '미션 설명은 200자 이내로 입력해 주세요.',
    en: 'The description can be at most 200 characters.',
    ja: 'ミッションの説明は200文字以内で入力してください。',
  },
  'missionProducts.performItemTooLong': {
    ko: '수행 항목은 200자 이내로 입력해 주세요.',
    en: 'The perform item can be at most 200 characters.',
    ja: '実行項目は200文字以内で入力してください。',
  },
  'missionProducts.winProbabilityRange': {
    ko: '당첨 확률은 0.1% 이상 10% 이하로 입력해 주세요.',
    en: 'The win probability must be at least 0.1% and at most 10%.',
    ja: '当選確率は0.1%以上10%以下で入力してください。',
  },
  'missionProducts.coverNotUsable': {
    ko: '대표 이미지는 본인이 업로드한 이미지 파일이어야 합니다.',
    en: 'The cover must be an image you uploaded.',
    ja: 'カバー画像はご自身でアップロードした画像ファイルである必要があります。',
  },
  'missionProducts.typeUnchangeable': {
    ko: '미션 상품의 종류는 변경할 수 없습니다.',
    en: 'The type of a mission product cannot change.',
    ja: 'ミッション商品の種類は変更できません。',
  },
  // The client matches the spec's literal server message, so it is the same in every language.
  'missionProducts.existOngoingEvent': {
    ko: 'exist ongoing event',
    en: 'exist ongoing event',
    ja: 'exist ongoing event',
  },
  'missionProducts.notFound': {
    ko: '미션 상품을 찾을 수 없습니다.',
    en: 'The mission product was not found.',
    ja: 'ミッション商品が見つかりません。',
  },
  'missionProducts.customExists': {
    ko: '커스텀 미션은 크리에이터당 하나입니다. 기존 커스텀 미션을 수정해 주세요.',
    en: 'A creator has one custom mission; edit the existing one.',
    ja: 'カスタムミッションはクリエイターごとに1つです。既存のカスタムミッションを編集してください。',
  },
  'missionProducts.customDefaultName': {
    ko: '커스텀 미션',
    en: 'Custom mission',
    ja: 'カスタムミッション',
  },
  'missionReads.notFound': {
    ko: '미션을 찾을 수 없습니다.',
    en: 'The mission was not found.',
    ja: 'ミッションが見つかりません。',
  },
  'missionReads.mediaNotReady': {
    ko: '완료된 미션의 파일만 다운로드할 수 있습니다.',
    en: 'Only the file of a completed mission can be downloaded.',
    ja: '完了したミッションのファイルのみダウンロードできます。',
  },
  'missionReads.mediaMissing': {
    ko: '이 미션에는 해당 파일이 없습니다.',
    en: 'This mission has no such file.',
    ja: 'このミッションには該当するファイルがありません。',
  },
} as const satisfies Catalog;
