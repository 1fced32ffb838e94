// Texts of the media processing note (video and audio details are taken after the upload):
// the top-level `mediaProcessing` namespace of ko (en and ja in ./locales-en.ts, ./locales-ja.ts).

export const mediaProcessingKo = {
  pending: '재생할 수 있는 형식으로 변환하고 있어요. 잠시 후에 볼 수 있어요.',
  failed: '이 파일은 변환하지 못했어요. 다른 형식으로 다시 올려 주세요.',
};
