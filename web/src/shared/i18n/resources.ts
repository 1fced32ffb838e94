const ko = {
  landing: {
    headline: '좋아하는 크리에이터에게 나만의 미션을',
    subHeadline: '코인으로 영상, 사진, 음성 미션을 요청하고 럭키 룰렛과 추첨 이벤트에 참여하세요.',
    start: '시작하기',
    appStore: 'App Store에서 다운로드',
    googlePlay: 'Google Play에서 다운로드',
  },
  notFound: { title: '페이지를 찾을 수 없습니다.', home: 'HOME' },
  language: { label: '언어' },
};

type Messages = typeof ko;

const en: Messages = {
  landing: {
    headline: 'Your own mission for the creator you love',
    subHeadline: 'Request video, photo and voice missions with coins, spin lucky roulettes and enter draw events.',
    start: 'Get started',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
  },
  notFound: { title: 'The page cannot be found.', home: 'HOME' },
  language: { label: 'Language' },
};

const ja: Messages = {
  landing: {
    headline: '好きなクリエイターに、あなただけのミッションを',
    subHeadline: 'コインで動画・写真・ボイスのミッションをリクエストし、ラッキールーレットや抽選イベントに参加しよう。',
    start: 'はじめる',
    appStore: 'App Storeからダウンロード',
    googlePlay: 'Google Playで手に入れよう',
  },
  notFound: { title: 'ページが見つかりません。', home: 'HOME' },
  language: { label: '言語' },
};

export const resources = { ko: { translation: ko }, en: { translation: en }, ja: { translation: ja } };
