import { DAY_MS, koreaMonthRange, type BankName } from '@fanmission/contracts';
import type { BulkLedger, LedgerEntry } from '@fanmission/ledger';
import { Random } from './random';

/**
 * Members (fans), creators, missions of every state, comments and the days of history of each size; the rest follows
 * from these. DEMO is the marketplace `npm start` seeds: open for three months.
 */
export const WORLD_SIZES = {
  DEMO: { members: 300, creators: 30, missions: 600, comments: 1_200, days: 90 },
  XS: { members: 400, creators: 40, missions: 2_000, comments: 2_000, days: 365 },
  S: { members: 10_000, creators: 1_000, missions: 50_000, comments: 50_000, days: 365 },
  M: { members: 100_000, creators: 10_000, missions: 500_000, comments: 500_000, days: 365 },
  L: { members: 1_000_000, creators: 50_000, missions: 5_000_000, comments: 5_000_000, days: 365 },
} as const;
export type WorldSize = keyof typeof WORLD_SIZES;
/** A size's figures. */
export type WorldShape = { [K in keyof (typeof WORLD_SIZES)[WorldSize]]: number };

/** Every generated account's password (the demo accounts' too). */
export const WORLD_PASSWORD = 'fanmission1';
export const WORLD_OPERATOR_EMAIL = 'operator@world.local';
/** The bank of every generated payout and refund account: one of contracts' BANK_NAMES, as the API's schemas require. */
export const WORLD_BANK: BankName = 'KB국민은행';
export const worldFanEmail = (index: number) => `fan${index}@world.local`;
export const worldCreatorEmail = (index: number) => `creator${index}@world.local`;

export interface WorldOptions {
  size: WorldSize;
  seed?: number;
  /** The world's present: its history covers the size's `days` before. */
  now: Date;
  /** Named accounts in place of the first generated creators and fans (the demo accounts). */
  cast?: WorldCast;
  /** The event consumers whose checkpoints are set past the generated history (the runtime's `EVENT_CONSUMERS`). */
  consumers: readonly string[];
  /**
   * Days of history whose ledger events the outbox keeps (OUTBOX_RETENTION_DAYS; the retention's default when unset):
   * older transactions are written without their event, which the first maintenance pass would drop anyway.
   */
  outboxRetentionDays?: number;
  log?: (line: string) => void;
  /**
   * The HMAC the identity check keeps of a verified name (services/src/creators, `identityNameHmac` with the
   * running configuration): each creator's identity check verified his name, the holder of his payout account.
   */
  nameHmac: (name: string) => string;
}

/** A generated creator's public face; the rest (grade, products, missions) the generator decides. */
export interface CastCreator {
  email: string;
  username: string;
  name: string;
  url: string;
  description: string;
  tags: string[];
  snsLinks: { type: string; link: string }[];
  /** Flagged for adult content: reachable by its page, never shown in search. */
  adult?: boolean;
}

export interface WorldCast {
  creators: CastCreator[];
  fans: { email: string; username: string }[];
}

export interface WorldReport {
  size: WorldSize;
  seconds: number;
  /** The generating process's peak resident memory (sampled every second). */
  peakRssBytes: number;
  /** Rows written and the seconds spent writing them, per table. */
  tables: { table: string; rows: number; seconds: number }[];
}

export const TAGS = [
  '노래',
  '토크',
  '게임',
  '요리',
  '댄스',
  '여행',
  'ASMR',
  '운동',
  '그림',
  '음악',
  '공부',
  '먹방',
  '뷰티',
  '일상',
];
export const PAY_METHODS = [
  { method: 'kakaopay', provider: 'portone', weight: 0.37 },
  { method: 'card', provider: 'portone', weight: 0.3 },
  { method: 'phone', provider: 'portone', weight: 0.08 },
  { method: 'paypal', provider: 'paypal', weight: 0.1 },
  { method: 'withoutbankbook', provider: null, weight: 0.15 },
] as const;
/** Every generated lucky roulette's win probability (%): within the product's limits (contracts' WIN_PROBABILITY). */
export const WORLD_WIN_PROBABILITY = 10;
export const REJECTIONS = [
  { reason: 'REFUSED', weight: 0.4, kind: 'MISSION_REFUSED' },
  { reason: 'DECISION_EXPIRED', weight: 0.3, kind: 'MISSION_DECISION_EXPIRED' },
  { reason: 'PERFORM_EXPIRED', weight: 0.2, kind: 'MISSION_PERFORM_EXPIRED' },
  { reason: 'CANCELED', weight: 0.1, kind: 'MISSION_CANCELED' },
] as const;
export const COIN_ITEMS = [
  { id: 1, point: 10, price: 1000 },
  { id: 2, point: 30, price: 3000 },
  { id: 3, point: 50, price: 5000 },
  { id: 4, point: 100, price: 10000 },
  { id: 5, point: 300, price: 30000 },
  { id: 6, point: 500, price: 50000 },
  { id: 7, point: 1000, price: 100000 },
];

export type Row = Record<string, unknown>;
export interface Product {
  id: number;
  creatorId: number;
  type: 'BASIC' | 'LUCKY' | 'CUSTOM' | 'EVENT';
  name: string;
  price: number;
}
export interface Mission {
  id: number;
  product: Product;
  userId: number;
  status: string;
  price: number;
  isPrivate: boolean;
  requestedAt: Date;
  acceptedAt: Date | null;
  completedAt: Date | null;
  rejectedAt: Date | null;
  rejection: (typeof REJECTIONS)[number] | null;
  /** LUCKY: how many rolls the fan is ready to pay for before giving up (he stops at a win). */
  rollBudget: number;
  /** LUCKY: the rolls made, in order, as the fan's seeds decided them (./roulette.ts). */
  rolls: WorldRoll[];
}

/** One roll of a lucky roulette, decided as the live roulette decides it (services/src/events/roulette.ts). */
export interface WorldRoll {
  time: Date;
  seedId: number;
  clientSeed: string;
  nonce: number;
  success: boolean;
  /** Once the coin history has played it: its row's id and its ledger transaction. */
  written?: { id: number; transactionId: number };
}

/** What every part of the generation shares: the size, the seeded randomness, the clock and the account ids. */
export interface WorldContext {
  /** The size, its `days` those from `since` to `now`. */
  shape: WorldShape;
  cast: WorldCast;
  random: Random;
  now: Date;
  /** The start of the world's history: the size's `days` before `now`, or the start of the first settled month. */
  since: number;
  /** The months settled (Korea time): as many whole months before `now`'s as the size's `days` make. */
  months: { year: number; month: number }[];
  /** A moment no later than a minute before `now`. */
  at(time: number): Date;
  ledger: BulkLedger;
  /** The operator's user id (who decided bank transfers and approved statements). */
  operatorId: number;
  creatorUser(creator: number): number;
  fanUser(fan: number): number;
  /** A random UUID from the seed. */
  uuid(): string;
}

export function worldContext(options: WorldOptions, ledger: BulkLedger): WorldContext {
  const size = WORLD_SIZES[options.size];
  const random = new Random(options.seed ?? 39);
  const now = options.now;
  // Every settled month is whole: the history starts no later than the first one's start, so its statement has
  // the month's earnings (a history of exactly `days` began within that month and left it a carried-over stub).
  const months = pastMonths(now, Math.round(size.days / 30));
  const since = Math.min(
    now.getTime() - size.days * DAY_MS,
    koreaMonthRange(months[0]!.year, months[0]!.month).start.getTime(),
  );
  const shape = { ...size, days: Math.ceil((now.getTime() - since) / DAY_MS) };
  return {
    shape,
    cast: options.cast ?? { creators: [], fans: [] },
    random,
    now,
    since,
    months,
    at: (time: number) => new Date(Math.min(time, now.getTime() - 60_000)),
    ledger,
    // Accounts: the operator (1), creators (2 .. C+1), fans after them.
    operatorId: 1,
    creatorUser: (creator: number) => 1 + creator,
    fanUser: (fan: number) => 2 + shape.creators + fan,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => random.below(16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}

export function entryOf(outcome: { entry: LedgerEntry } | { refusal: unknown }): LedgerEntry {
  if ('refusal' in outcome) throw new Error(`the world's ledger refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.entry;
}

export function pastMonths(now: Date, count: number): { year: number; month: number }[] {
  const months: { year: number; month: number }[] = [];
  const korea = new Date(now.getTime() + 9 * 3_600_000);
  let year = korea.getUTCFullYear();
  let month = korea.getUTCMonth() + 1;
  for (let index = 0; index < count; index++) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
    months.unshift({ year, month });
  }
  return months;
}

export function weighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  let pick = random.next();
  return items.find((item) => (pick -= item.weight) < 0) ?? items[0]!;
}
