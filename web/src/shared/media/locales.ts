// Texts of the media processing note (video and audio details are taken after the upload):
// the top-level `mediaProcessing` namespace of ko (en and ja in ./locales-en.ts, ./locales-ja.ts).

export const mediaProcessingKo = {
  pending: '미리보기 이미지를 만들고 있어요. 파일은 이미 올라갔어요.',
  failed: '미리보기 이미지를 만들 수 없었어요. 파일은 그대로 쓸 수 있어요.',
};
