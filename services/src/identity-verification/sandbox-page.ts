import type { Language } from '@fanmission/contracts';
import { escapeHtml, providerPage } from '../http';

/** The sandbox verification page's own words (a provider's page, not API messages). */
const TEXT = {
  ko: {
    title: '테스트 본인인증',
    notice: '개발용 샌드박스 본인인증 화면입니다. 실제 본인인증은 이루어지지 않습니다.',
    hint: '테스트할 생년월일을 고르세요. 만 19세 미만이면 미성년자로 성인 인증이 거절됩니다.',
    birthDate: '생년월일',
    name: '이름 (선택: 정산 계좌의 예금주 확인에 쓰여요)',
    verify: '인증 완료',
    cancel: '인증 취소',
    invalid: '생년월일을 YYYY-MM-DD 형식으로 입력해 주세요.',
    VERIFIED: '본인인증이 완료되었습니다.',
    FAILED: '본인인증이 취소되었습니다.',
  },
  en: {
    title: 'Test identity check',
    notice: 'This is the development sandbox identity check. No real identity check takes place.',
    hint: 'Choose the birth date to test with. Under 19, the adult verification is refused as a minor’s.',
    birthDate: 'Birth date',
    name: 'Name (optional: the payout account’s holder is checked against it)',
    verify: 'Complete the check',
    cancel: 'Cancel the check',
    invalid: 'Please enter the birth date as YYYY-MM-DD.',
    VERIFIED: 'The identity check is complete.',
    FAILED: 'The identity check was cancelled.',
  },
  ja: {
    title: 'テスト本人認証',
    notice: '開発用のサンドボックス本人認証画面です。実際の本人認証は行われません。',
    hint: 'テストする生年月日を選んでください。満19歳未満の場合、未成年として成人認証が拒否されます。',
    birthDate: '生年月日',
    name: '氏名（任意：精算口座の名義確認に使われます）',
    verify: '認証を完了',
    cancel: '認証をキャンセル',
    invalid: '生年月日をYYYY-MM-DD形式で入力してください。',
    VERIFIED: '本人認証が完了しました。',
    FAILED: '本人認証がキャンセルされました。',
  },
} satisfies Record<Language, Record<string, string>>;

export interface SandboxIdentityPageData {
  id: string;
  language: Language;
  /** The decision already taken, if any: the page shows it instead of the form. */
  decided: 'VERIFIED' | 'FAILED' | null;
  /** The birth date typed, when it was refused. */
  rejectedBirthDate?: string;
  actionBase: string;
}

/** A small self-contained page (no scripts, no external assets): a birth date, and Complete / Cancel. */
export function renderSandboxIdentityPage(data: SandboxIdentityPageData): string {
  const text = TEXT[data.language];
  const action = escapeHtml(data.actionBase);
  const query = `?lang=${data.language}`;
  const body = data.decided
    ? `<p class="result">${escapeHtml(text[data.decided])}</p>`
    : `<p>${escapeHtml(text.hint)}</p>
  <form method="post" action="${action}/verify${query}">
    <label for="birthDate">${escapeHtml(text.birthDate)}</label>
    <input id="birthDate" name="birthDate" type="date" required value="${escapeHtml(data.rejectedBirthDate ?? '')}"
      ${data.rejectedBirthDate === undefined ? '' : 'aria-invalid="true" aria-describedby="birthDate-error"'}>
    ${data.rejectedBirthDate === undefined ? '' : `<p id="birthDate-error" class="error">${escapeHtml(text.invalid)}</p>`}
    <label for="name">${escapeHtml(text.name)}</label>
    <input id="name" name="name" type="text" maxlength="50" autocomplete="name">
    <button class="verify" type="submit">${escapeHtml(text.verify)}</button>
  </form>
  <form method="post" action="${action}/cancel${query}"><button class="cancel" type="submit">${escapeHtml(text.cancel)}</button></form>`;
  return providerPage({
    language: data.language,
    title: text.title,
    notice: text.notice,
    css: `  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .7rem; font-size: 1rem; border: 1px solid #9ca3af;
    border-radius: 8px; margin-bottom: 1rem; }
  button { margin-bottom: .75rem; }
  .verify { background: #2563eb; color: #fff; } .cancel { background: #e5e7eb; color: #1d2330; }
  .error { color: #b91c1c; margin: -.5rem 0 1rem; } .result { font-weight: 600; }`,
    body,
    footnote: data.id,
  });
}
