import { DAY_MS } from '@fanmission/contracts';
import {
  TAGS,
  WORLD_BANK,
  WORLD_OPERATOR_EMAIL,
  WORLD_WIN_PROBABILITY,
  worldCreatorEmail,
  worldFanEmail,
  type Product,
  type Row,
  type WorldContext,
} from './shape';
import { basicProductName, fanNickname } from './texts';

const creatorName = (creator: number) => `크리에이터 ${creator}`;

/** A well-formed registration number (its check digit right) that a generated creator declares; never verified. */
const DECLARED_BUSINESS_NUMBER = '1234567891';

/** BASIC: the description; LUCKY: the perform item (services/src/mission-products/table.ts). */
const PRODUCT_DESCRIPTIONS: Partial<Record<Product['type'], string>> = {
  BASIC: '받는 분의 이름을 불러 드리며 영상 편지를 보내 드려요. 요청 사항을 자세히 적어 주세요!',
  LUCKY: '당첨되면 이름을 부르며 짧은 반응 영상을 찍어 드려요.',
};

/**
 * The accounts (the operator, creators, fans), the creators in order of popularity (creator 1 the most followed) with
 * their tags and products, and who follows whom.
 */
export function generatePeople(world: WorldContext, passwordHash: string, nameHmac: (name: string) => string) {
  const { shape, cast, random, since, at, ledger, operatorId, creatorUser, fanUser } = world;
  const users: Row[] = [];
  const user = (
    id: number,
    email: string,
    roles: string[],
    createdAt: Date,
    username = email.split('@')[0],
    verifiedName: string | null = null,
  ) =>
    users.push({
      id,
      email,
      username,
      password_hash: passwordHash,
      provider: 'local',
      language: random.chance(0.7) ? 'ko' : random.pick(['en', 'ja']),
      roles,
      email_verified_at: createdAt,
      identity_name_hmac: verifiedName === null ? null : nameHmac(verifiedName),
      created_at: createdAt,
      updated_at: createdAt,
    });
  user(operatorId, WORLD_OPERATOR_EMAIL, ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'], new Date(since - DAY_MS));
  const joined = () => at(since - 30 * DAY_MS + random.below(shape.days * DAY_MS));
  for (let creator = 1; creator <= shape.creators; creator++) {
    const named = cast.creators[creator - 1];
    const email = named?.email ?? worldCreatorEmail(creator);
    // His identity check verified his name: the holder of his payout account (below).
    const verifiedName = named?.name ?? creatorName(creator);
    user(
      creatorUser(creator),
      email,
      ['ROLE_USER', 'ROLE_CREATOR'],
      new Date(since - DAY_MS),
      named?.username,
      verifiedName,
    );
  }
  for (let fan = 1; fan <= shape.members; fan++) {
    const named = cast.fans[fan - 1];
    user(
      fanUser(fan),
      named?.email ?? worldFanEmail(fan),
      ['ROLE_USER'],
      joined(),
      named?.username ?? fanNickname(fan),
    );
  }
  for (let creator = 1; creator <= shape.creators; creator++) {
    ledger.member(creatorUser(creator), { isCreator: true, coinsFrozenAt: null });
  }
  for (let fan = 1; fan <= shape.members; fan++) ledger.member(fanUser(fan), { isCreator: false, coinsFrozenAt: null });

  // Creators, in order of popularity (creator 1 the most followed), their tags and products.
  const creators: Row[] = [];
  const creatorTags: Row[] = [];
  const snsLinks: Row[] = [];
  const products: Product[] = [];
  const productsOf = new Map<number, Product[]>();
  for (let creator = 1; creator <= shape.creators; creator++) {
    const rank = creator / shape.creators;
    const custom = random.chance(0.3);
    const named = cast.creators[creator - 1];
    const name = named?.name ?? creatorName(creator);
    // Every tenth generated creator declared himself a 개인사업자 that nobody verified: withheld 3.3 % all the same.
    const declaresBusiness = named === undefined && creator % 10 === 7;
    const verified = random.chance(0.95) || named !== undefined;
    creators.push({
      id: creator,
      user_id: creatorUser(creator),
      name,
      url: named?.url ?? `creator${creator}`,
      verified,
      contain_adult_content: named?.adult ?? false,
      grade: rank <= 0.05 ? 'DIAMOND' : rank <= 0.25 ? 'GOLD' : 'SILVER',
      description: named?.description ?? `Creator ${creator}: songs, talk and missions`,
      review_status: 'APPROVED',
      reviewed_at: new Date(since - DAY_MS),
      available_custom: custom,
      minimum_cost: custom ? 300 : null,
      bank_name: WORLD_BANK,
      bank_account_holder: name,
      bank_account_number: String(100000000 + creator),
      business_type: declaresBusiness ? 'PRIVATE' : 'NONE',
      business_registration_number: declaresBusiness ? DECLARED_BUSINESS_NUMBER : null,
      // Without a business, the profile needs a number for cash receipts (a phone number): each its own.
      business_cash_receipt_number: declaresBusiness ? null : `010${String(creator % 100_000_000).padStart(8, '0')}`,
      verified_business_type: 'NONE',
      payout_overseas: false,
      payout_foreigner: false,
      created_at: new Date(since - DAY_MS),
      updated_at: new Date(since - DAY_MS),
    });
    const drawn = [1 + random.skewed(TAGS.length, 2), 1 + random.below(TAGS.length)];
    const tagIds = new Set(named ? named.tags.map((tag) => 1 + TAGS.indexOf(tag)) : drawn);
    for (const tag of tagIds) creatorTags.push({ creator_id: creator, tag_id: tag });
    for (const link of named?.snsLinks ?? []) snsLinks.push({ creator_id: creator, ...link });
    const own: Product[] = [];
    const add = (type: Product['type'], name: string, price: number) => {
      const product = { id: products.length + 1, creatorId: creator, type, name, price };
      products.push(product);
      own.push(product);
    };
    for (let basic = random.tail(1, 4); basic > 0; basic--)
      add('BASIC', basicProductName(creator, basic), 50 * random.tail(1, 20));
    add('LUCKY', '럭키 룰렛', 10 * random.tail(1, 5));
    if (custom) add('CUSTOM', '무엇이든 맞춤 미션', 300);
    if (rank <= 0.1 || random.chance(0.02)) add('EVENT', '팬 감사 추첨 이벤트', 0);
    productsOf.set(creator, own);
  }
  const productRows = products.map((product) => ({
    id: product.id,
    creator_id: product.creatorId,
    type: product.type,
    name: product.name,
    coin_price: product.type === 'BASIC' || product.type === 'LUCKY' ? product.price : null,
    minimum_cost: product.type === 'CUSTOM' ? product.price : null,
    win_probability: product.type === 'LUCKY' ? WORLD_WIN_PROBABILITY.toFixed(1) : null,
    description: PRODUCT_DESCRIPTIONS[product.type] ?? null,
    sort_order: product.id,
    created_at: new Date(since - DAY_MS),
    updated_at: new Date(since - DAY_MS),
  }));

  // Follows: most fans follow a few creators, the popular creators most of them.
  const follows: Row[] = [];
  for (let fan = 1; fan <= shape.members; fan++) {
    const followed = new Set<number>();
    for (let count = random.tail(0, 30); count > 0; count--) followed.add(1 + random.skewed(shape.creators, 4));
    for (const creator of followed) follows.push({ user_id: fanUser(fan), creator_id: creator, created_at: joined() });
  }

  return { users, creators, creatorTags, snsLinks, products, productsOf, productRows, follows };
}
