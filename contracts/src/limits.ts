/** Business constants of both spec files. Durations are in days unless the name says otherwise. */

export const WON_PER_COIN = 100;

export const PAGE_SIZES = {
  default: 12,
  creators: 12,
  notifications: 12,
  follows: 12,
  coinHistory: 12,
  pendingDeposits: 12,
  missions: 12,
  events: 12,
  incomes: 12,
  faq: 6,
  myPage: 6,
  comments: 5,
  eventApplicants: 5,
} as const;
export const MAX_PAGE_SIZE = 100;
/** The most the header's unread count tells; past it the badge reads "99+". */
export const UNREAD_NOTIFICATIONS_SHOWN = 99;
/** The most rows an unpaged list answers: `GET /mission-products`, `GET /users/{id}/follows`. */
export const UNPAGED_LIST_MAX = 200;

export const PAGINATION_DISPLAY = { pageRange: 5, marginPages: 2 } as const;
export const GRID = { creatorCardsPerRow: 4, tagsPerRow: 5, missionCardsPerRow: 3, profileTagsPerRow: 4 } as const;
export const INFINITE_SCROLL_THRESHOLD_PX = { creatorSearch: 50, myPage: 100, browseMissions: 150 } as const;

export const TEXT_LIMITS = {
  description: 200,
  requestComment: 200,
  recipientName: 200,
  comment: 200,
  responseComment: 200,
  performItem: 200,
  eventApplyStory: 200,
  friendSenderName: 30,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** At least 8 characters mixing letters and digits. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;
/** The longest password a new one may be: argon2 input stays small. */
export const PASSWORD_MAX_LENGTH = 128;
/** The longest password a login accepts (older passwords may predate the maximum; bounded all the same). */
export const LOGIN_PASSWORD_MAX_LENGTH = 1_024;
/** The biggest offer a CUSTOM request may make, in coins (`missions.coin_price` is a 32-bit integer). */
export const MISSION_OFFER_MAX_COINS = 1_000_000;
/** An Idempotency-Key header's longest value: prefixed ledger keys stay within the ledger's 200 characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

export const WIN_PROBABILITY = { min: 0.1, max: 10, step: 0.1 } as const;

export const FILE_LIMITS = {
  attachmentImageBytes: 5 * 1024 * 1024,
  mediaBytes: 500 * 1024 * 1024,
} as const;

export const AGE = { minimum: 14, parentConsentBelow: 19 } as const;

export const COIN_RULES = {
  validityYears: 5,
  withdrawalWindowDays: 7,
  refundWithinBusinessDays: 3,
  partialRefundFeeRate: 0.03,
  overseasPaymentTaxRate: 0.1,
} as const;

export const DEADLINES = {
  missionPerformDays: 10,
  customDecisionDays: 30,
  drawAfterApplyEndDays: 14,
  objectionAfterBlockDays: 30,
  prizeAfterAnnouncementDays: 7,
  luckyCompensationDays: 3,
  minimumMissionDuePeriodDays: 7,
  /** Deadline rows older than this many days are shown in red in mission management. */
  deadlineWarningDays: 9,
  emailVerificationHours: 24,
  passwordResetMinutes: 30,
} as const;

export const LUCKY_COMPENSATION_WON_PER_TICKET = 1_000;

export const PENALTIES = {
  /** 2nd missed deadline: no new requests for a week and the grade drops. */
  requestBlockDays: 7,
  warningAt: 1,
  requestBlockAt: 2,
  loginBlockAt: 3,
} as const;

export const SETTLEMENT = {
  minimumCoins: 500,
  minimumCoinsOverseas: 1_000,
  overseasExtraFeeRate: 0.05,
  paymentFeeRate: 0.1,
  serviceFeeRate: 0.15,
  payableByDayOfNextMonth: 10,
  /**
   * The rule "statement requests up to 12 per year", read as: a creator's statement (his request to be paid for a
   * month) is issued at most once per settlement month, so at most 12 a calendar year. The monthly run issues it
   * idempotently per creator-month and the database's unique (creator, year, month) refuses a second one.
   */
  statementRequestsPerYear: 12,
  incomeFirstYear: 2018,
} as const;

export const CREATOR_REVIEW_DAYS = { min: 7, max: 14 } as const;
export const SUPPORT_HOURS = { weekdaysFrom: '11:00', weekdaysTo: '19:00' } as const;
export const BANK_DEPOSIT_HOURS = { weekdaysFrom: '10:00', weekdaysTo: '19:00', completesWithinHours: 2 } as const;
export const CROPPER_ASPECT = { width: 9, height: 16 } as const;
export const DEFAULT_PROFILE_IMAGE = '/images/profile-noimg.png';
export const MISSION_THUMBNAIL_PLACEHOLDERS = 5;
export const HEADER_SCROLL_COLOUR_CHANGE_PX = 100;
/** Hex colours in popups: 3 or 6 hex digits. */
export const HEX_COLOUR_PATTERN = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
