// Texts of the landing page's lists and of the empty lists' next steps: the `discover` namespace of ko (en and ja in
// ./discover-en.ts, ./discover-ja.ts).

export const discoverKo = {
  featuredCreators: '추천 크리에이터',
  allCreators: '크리에이터 모두 보기',
  recentMissions: '최근 완료된 미션',
  allMissions: '미션 모두 보기',
  empty: {
    browseCompleted: '아직 완료된 미션이 없습니다. 좋아하는 크리에이터에게 첫 미션을 요청해 보세요.',
    browseReserved: '지금 진행 중인 미션이 없습니다. 크리에이터를 찾아 미션을 요청해 보세요.',
    creatorMissions: '이 크리에이터에게는 아직 요청할 수 있는 미션이 없습니다. 다른 크리에이터의 미션을 둘러보세요.',
    comments: '아직 댓글이 없습니다. 첫 댓글을 남겨 보세요.',
    notifications: '아직 알림이 없습니다. 크리에이터를 팔로우하고 미션을 요청하면 소식이 여기에 표시됩니다.',
    managementMissions: '아직 받은 미션이 없습니다. 크리에이터 페이지를 공유해 팬들의 요청을 받아 보세요.',
    ownMissions: '아직 등록한 미션이 없습니다. 첫 미션을 등록해 팬들의 요청을 받아 보세요.',
    managementEvents: '등록된 이벤트가 없습니다. 첫 추첨 이벤트를 등록해 팬들을 모아 보세요.',
  },
  actions: {
    findCreators: '크리에이터 찾아보기',
    browseMissions: '미션 둘러보기',
    writeComment: '댓글 쓰기',
    myCreatorPage: '내 크리에이터 페이지 보기',
    registerMission: '첫 미션 등록하기',
    registerEvent: '첫 이벤트 등록하기',
  },
};

export type DiscoverMessages = typeof discoverKo;
