// Texts of a creator's capacity: the request button's reasons, the pause notice and response times on his page, and
// his settings screen. The `capacity` namespace of ko (en and ja in ./capacity-en.ts, ./capacity-ja.ts).

export const capacityKo = {
  button: {
    paused: '지금은 요청을 받지 않아요',
    full: '요청이 가득 찼어요 ({{open}}/{{max}})',
  },
  notice: {
    defaultMessage: '잠시 쉬어가요',
    returnsOn: '{{date}}에 돌아옵니다',
  },
  responseTimes: {
    label: '응답 시간',
    accept: '보통 {{time}} 안에 수락',
    complete: '{{time}} 안에 완료',
    basis: '최근 90일 미션의 중앙값',
  },
  settings: {
    menu: '요청 받기 설정',
    title: '요청 받기 설정',
    intro: '새 요청을 잠시 멈추거나 진행 중인 요청 수에 한도를 둘 수 있어요. 이미 받은 미션은 그대로 진행돼요.',
    pause: '새 요청 잠시 멈추기',
    returnOn: '돌아오는 날 (선택)',
    returnOnHelp: '이날 0시(한국 시간)부터 다시 요청을 받아요.',
    message: '팬에게 보일 메시지 (선택)',
    messageCount: '{{count}}/{{max}}',
    maxOpen: '진행 중인 요청 전체 한도 (선택)',
    productCaps: '미션별 한도',
    productCap: '{{name}} 한도',
    open: '진행 중 {{count}}건',
    noLimit: '비워 두면 한도가 없어요.',
    save: '저장',
    saved: '요청 받기 설정을 저장했어요.',
    failed: '저장하지 못했어요: {{reason}}',
    pausedNow: '지금 새 요청을 받지 않고 있어요.',
  },
};

export type CapacityMessages = typeof capacityKo;
