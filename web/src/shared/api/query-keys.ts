/**
 * Every TanStack Query key of the web app, in one place: a query and the invalidations that refresh it use the same
 * factory, so a key cannot drift between the two. Keys are arrays whose first element names the resource; the
 * broader key (e.g. `coinHistory.all`) is a prefix of every narrower one, so invalidating it refreshes them all.
 */
export const queryKeys = {
  /** `GET /coin-deposit`: the member's coin balance. */
  coinBalance: ['coin-deposit'] as const,
  coinHistory: {
    all: ['coin-history'] as const,
    page: (page: number, year: number | '', month: number | '') => ['coin-history', page, year, month] as const,
  },
  bankTransfers: {
    all: ['bank-transfers'] as const,
    page: (page: number) => ['bank-transfers', page] as const,
  },
  coinItems: (type: 'CASH' | 'BONUS') => ['coin-items', type] as const,
  currentUser: {
    all: ['users', 'me'] as const,
    of: (userId: number | null) => ['users', 'me', userId] as const,
  },
  authProviders: ['auth-providers'] as const,
  myPage: {
    /** Every user's list of one tab (e.g. a like changes the liked tab). */
    tabAll: (tab: string) => ['my-page', tab] as const,
    tab: (tab: string, userId: number | null) => ['my-page', tab, userId] as const,
  },
  /** Every browse list (a hidden mission leaves them all). */
  browseMissionsAll: ['browse-missions'] as const,
  browseMissions: (tab: string, userId: number | null) => ['browse-missions', tab, userId] as const,
  mission: (missionId: string, userId: number | null) => ['mission', missionId, userId] as const,
  creatorPage: (idOrUrl: string) => ['creator-page', idOrUrl] as const,
  creatorProducts: (creatorId: number) => ['creator-products', creatorId] as const,
  creatorRanking: (creatorId: number) => ['creator-ranking', creatorId] as const,
  /** A creator's reviews (summary and pages) and a mission's review: invalidating `reviews.all` refreshes them all. */
  reviews: {
    all: ['reviews'] as const,
    summary: (creatorId: number) => ['reviews', 'summary', creatorId] as const,
    page: (creatorId: number, sort: string, userId: number | null) =>
      ['reviews', 'page', creatorId, sort, userId] as const,
    mission: (missionId: number, userId: number | null) => ['reviews', 'mission', missionId, userId] as const,
  },
  creatorCompletedAll: ['creator-completed'] as const,
  creatorCompleted: (creatorId: number) => ['creator-completed', creatorId] as const,
  creatorSearch: (filters: object) => ['creator-search', filters] as const,
  creatorTags: ['tags', 'creator'] as const,
  notifications: (page: number) => ['notifications', page] as const,
  /** `GET /terms/{kind}`: the version in force and the next one, in a language. */
  terms: (kind: string, language: string) => ['terms', kind, language] as const,
  /** `GET /users/me/terms-consent`: the versions the member has still to accept. */
  termsConsent: {
    all: ['terms-consent'] as const,
    of: (userId: number | null, language: string) => ['terms-consent', userId, language] as const,
  },
  /** `GET /users/me/notification-preferences`: the member's channels per topic and his consents to promotions. */
  notificationPreferences: (userId: number | null) => ['notification-preferences', userId] as const,
  faq: (category: string, page: number) => ['faq', category, page] as const,
  lotteryEvents: (userId: number | null) => ['lottery-events', userId] as const,
  lotteryEvent: (productId: string, userId: number | null) => ['lottery-event', productId, userId] as const,
  lotteryWinners: (productId: string) => ['lottery-winners', productId] as const,
  lotteryFairness: (productId: string) => ['lottery-fairness', productId] as const,
  rouletteSeed: (userId: number | null) => ['roulette-seed', userId] as const,
  rouletteRolls: (userId: number | null) => ['roulette-rolls', userId] as const,
};
