// Texts of sharing completed missions: the `sharing` namespace of ko (en and ja in ./sharing-en.ts, ./sharing-ja.ts).

export const sharingKo = {
  section: '공유',
  title: '{{creator}}의 {{product}}',
  share: '공유하기',
  copied: '링크를 복사했어요.',
  copyFailed: '링크를 복사하지 못했어요: {{url}}',
  failed: '처리하지 못했어요. 다시 시도해 주세요.',
  privateHint: '비공개 미션이에요. 공유 링크를 만들면 링크를 받은 사람만 로그인 없이 볼 수 있어요.',
  linkActive: '공유 링크가 켜져 있어요. 링크를 취소하면 더 이상 열리지 않아요.',
  createLink: '공유 링크 만들기',
  newLink: '새 링크 만들기',
  revokeLink: '링크 취소',
  linkCreated: '공유 링크를 만들었어요. 공유하기를 눌러 보내 보세요.',
  linkRevoked: '공유 링크를 취소했어요.',
  creatorSwitch: '완료한 미션 공유 허용',
  creatorSwitchHint: '끄면 내 미션의 공유 페이지와 공유 링크가 모두 열리지 않고, 공유 버튼도 보이지 않아요.',
  creatorSwitchSaved: '공유 설정을 저장했어요.',
};

export type SharingMessages = typeof sharingKo;
