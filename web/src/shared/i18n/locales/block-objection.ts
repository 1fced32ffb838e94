// Texts of the objection to a login block (operating policy): the `blockObjection` namespace of ko (en and ja
// in ./block-objection-en.ts, ./block-objection-ja.ts).

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
  showBlock: '제한 사유 확인',
  blockTitle: '내 계정의 이용 제한',
  blockedAt: '제한일: {{date}}',
  blockReason: '사유: {{reason}}',
  noReason: '기록된 사유 없음 (고객센터로 문의해 주세요)',
  objectableUntil: '이의 신청 기한: {{date}}까지',
  alreadyObjected: '이 제한에는 이미 이의를 신청했습니다. 운영자의 검토를 기다려 주세요.',
};

export type BlockObjectionMessages = typeof blockObjectionKo;
