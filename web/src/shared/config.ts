/**
 * Build-time settings of the web app (Vite `VITE_*` variables), each with a working default.
 * - VITE_DAUM_POSTCODE_URL: the Korean postcode search script.
 * - VITE_APPLE_CLIENT_ID: the Services ID of Sign in with Apple on the web (no Apple button flow without it).
 * - VITE_LIVE_CHAT_URL: the external messenger chat the FAQ page opens.
 * - VITE_APP_STORE_URL, VITE_GOOGLE_PLAY_URL: the app's store listings, once they exist. The landing page shows a
 *   store's badge only for a listing set here; with none, it offers to add the web app to the home screen.
 */
export const webConfig = {
  daumPostcodeUrl:
    import.meta.env.VITE_DAUM_POSTCODE_URL ?? 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js',
  appleClientId: (import.meta.env.VITE_APPLE_CLIENT_ID as string | undefined) ?? '',
  appleAuthorizeUrl: 'https://appleid.apple.com/auth/authorize',
  liveChatUrl: import.meta.env.VITE_LIVE_CHAT_URL ?? 'https://pf.kakao.com/_fanmission/chat',
  appStoreUrl: (import.meta.env.VITE_APP_STORE_URL as string | undefined) ?? '',
  googlePlayUrl: (import.meta.env.VITE_GOOGLE_PLAY_URL as string | undefined) ?? '',
  company: {
    name: 'Fanmission Inc.',
    address: '서울특별시 강남구 테헤란로 123, 10층',
    representative: '홍길동',
    businessNumber: '123-45-67890',
    email: 'help@fanmission.local',
  },
} as const;

/** Social logins return here (`?token=`, `?error=`, or Apple's `#code=&id_token=`). */
export function socialLoginReturnUrl(): string {
  return `${window.location.origin}/sns-login`;
}
