// Texts of the objection to a login block (issue 22, operating policy): the `blockObjection` namespace of ko/en/ja.

export const blockObjectionKo = {
  title: '이용 제한 이의 신청',
  intro:
    '운영 정책 위반으로 로그인이 제한된 회원·크리에이터는 제한일로부터 {{days}}일 이내에 한 번 이의를 신청할 수 있습니다. 본인 확인을 위해 계정의 이메일과 비밀번호를 입력해 주세요.',
  email: '이메일',
  password: '비밀번호',
  reason: '이의 사유',
  reasonHelp: '제한이 잘못되었다고 생각하는 이유를 적어 주세요. ({{count}}/{{max}}자)',
  submit: '이의 신청',
  done: '이의 신청이 접수되었습니다 (접수 번호 {{id}}). 운영자가 검토한 뒤 결과를 알려 드립니다.',
  failed: '이의 신청을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  link: '이용 제한 이의 신청',
};

export type BlockObjectionMessages = typeof blockObjectionKo;

export const blockObjectionEn: BlockObjectionMessages = {
  title: 'Object to a login block',
  intro:
    'A member or creator whose login was blocked for a policy violation may object once, within {{days}} days of the block. Enter the account’s e-mail and password so we know it is you.',
  email: 'E-mail',
  password: 'Password',
  reason: 'Why the block is wrong',
  reasonHelp: 'Tell us why you think the block is a mistake. ({{count}}/{{max}} characters)',
  submit: 'Send the objection',
  done: 'Your objection was received (number {{id}}). Operators will review it and let you know.',
  failed: 'The objection could not be sent. Please try again in a moment.',
  link: 'Object to a login block',
};

export const blockObjectionJa: BlockObjectionMessages = {
  title: '利用制限への異議申し立て',
  intro:
    '運営ポリシー違反によりログインが制限された会員・クリエイターは、制限日から{{days}}日以内に一度だけ異議を申し立てられます。本人確認のため、アカウントのメールアドレスとパスワードを入力してください。',
  email: 'メールアドレス',
  password: 'パスワード',
  reason: '異議の理由',
  reasonHelp: '制限が誤りだと考える理由をお書きください。({{count}}/{{max}}文字)',
  submit: '異議を申し立てる',
  done: '異議申し立てを受け付けました（受付番号 {{id}}）。運営者が確認のうえ結果をお知らせします。',
  failed: '異議申し立てを送信できませんでした。しばらくしてから再度お試しください。',
  link: '利用制限への異議申し立て',
};
