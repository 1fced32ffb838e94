/**
 * Money-out abuse recipes once reproduced over HTTP, replayed against a running product (`npm start` on a fresh demo
 * world) with the demo's published accounts:
 *
 *   node --import tsx tests/blackbox/review-5-recipes.ts [base URL, default http://127.0.0.1:8080]
 *
 * Each recipe prints one line per check: what the product answered, and `ok` when that is what the rule says (`FAIL`
 * otherwise). A card charge never leaves as cash: a partial refund of card coins beside a small bank deposit sends the
 * card back to the card and only the deposit to an account the bank shows is the fan's own; somebody else's account
 * is refused before any coin moves; finance cannot mark the request paid while its card part is open. Two helper
 * accounts one finance member makes staff never approve each other's money requests.
 * It changes the demo world (members, refunds), so run it on a fresh one. Exits 1 when any answer differs.
 */
import {
  askBankDeposit,
  buyAtSandbox,
  cashItems,
  Checks,
  filter,
  joinStaff,
  Session,
  signUpMember,
  type Answer,
} from './console-http';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const PASSWORD = 'fanmission1';
const run = Date.now();
const checks = new Checks();
const check = checks.check.bind(checks);

/** A status and, when there is one, the error code and the first field: `400 VALIDATION_FAILED bankAccount…`. */
const said = (answer: Answer) =>
  `${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ''}${
    answer.body?.subErrors?.[0]?.field ? ` ${answer.body.subErrors[0].field}` : ''
  }`;

/** The account the depositor name of `askBankDeposit` holds (the sandbox bank answers the holder typed for it). */
const OWN_ACCOUNT = { bankName: '우리은행', bankAccountHolder: '팬하나', bankAccountNumber: '1002123456789' };
/** Somebody else's account. */
const STRANGERS_ACCOUNT = { bankName: '우리은행', bankAccountHolder: '김다름', bankAccountNumber: '1002999888777' };

async function cardChargeCashedOut(finance: Session): Promise<void> {
  // The packs on sale (the catalogue keeps retired ones too): the largest by card, the smallest by bank deposit.
  const items = (await cashItems(finance)).filter((item) => (item as { active?: boolean }).active !== false);
  const big = items.reduce((best, item) => (item.point > best.point ? item : best));
  const small = items.reduce((best, item) => (item.point < best.point ? item : best));
  const fan = await signUpMember(base, `review5-h1-${run}@example.test`, PASSWORD);
  await buyAtSandbox(fan, big.id);
  const transfer = await askBankDeposit(fan, small.id);
  const confirmed = await finance.call('PUT', `/api/admin/bank-transfers/${transfer}`, { status: 'paid' });
  if (confirmed.status !== 200 && confirmed.status !== 202)
    throw new Error(`deposit not confirmed: ${said(confirmed)}`);
  const lots = await fan.call('GET', '/api/v1/users/me/coin-lots');
  const destination = lots.body?.partialRefund?.destination;
  check(
    'H1 preview: the card goes back to the card, only the deposit to an account',
    destination?.kind === 'SPLIT' && destination.methods?.includes('card'),
    destination,
  );
  const before = lots.body?.balance;
  const strangers = await fan.call(
    'POST',
    '/api/v1/users/me/coins/partial-refund',
    { bankAccount: STRANGERS_ACCOUNT },
    { 'idempotency-key': `review5-h1-${run}-stranger` },
  );
  const after = (await fan.call('GET', '/api/v1/users/me/coin-lots')).body?.balance;
  check(
    `H1 somebody else's account: ${said(strangers)}, coins ${before} → ${after}`,
    strangers.status === 400 &&
      strangers.body?.subErrors?.[0]?.field === 'bankAccount.bankAccountHolder' &&
      before === after,
    strangers,
  );
  const own = await fan.call(
    'POST',
    '/api/v1/users/me/coins/partial-refund',
    { bankAccount: OWN_ACCOUNT },
    { 'idempotency-key': `review5-h1-${run}-own` },
  );
  const parts = (own.body?.parts ?? []) as { via: string; paymentId: string | null; amount: number }[];
  check(
    `H1 own account: ${said(own)}, ${own.body?.destination?.kind}, parts ${parts.map((part) => `${part.via} ${part.amount}`).join(' + ')}`,
    own.status === 200 &&
      own.body?.destination?.kind === 'SPLIT' &&
      parts.every((part) => part.via === 'PROVIDER' || part.paymentId === null),
    own.body,
  );
  const byHand = await finance.call('PUT', `/api/admin/coin-refunds/${own.body?.id}`, { status: 'paid' });
  check(
    `H1 marked paid while the card part is open: ${said(byHand)}`,
    byHand.status === 409 && byHand.body?.code === 'PROVIDER_PART_OPEN',
    byHand,
  );
}

/** finance1@ invites two helpers, finance2@ approves both as routine; the helpers try to check each other. */
async function siblingHelpers(finance1: Session, finance2: Session): Promise<void> {
  const helpers: Session[] = [];
  for (const name of ['h1', 'h2']) {
    const email = `review5-helper-${name}-${run}@example.test`;
    const invited = await finance1.call('POST', '/api/admin/staff', { email, roles: ['ROLE_FINANCE'] });
    const approved = await finance2.call('POST', `/api/admin/approvals/${invited.body?.id}/decision`, {
      decision: 'approve',
    });
    if (approved.body?.status !== 'EXECUTED') throw new Error(`helper not invited: ${said(approved)}`);
    helpers.push(await joinStaff(base, email, `${PASSWORD}-${name}`));
  }
  const fan = await signUpMember(base, `review5-m1-${run}@example.test`, PASSWORD);
  // The catalogue's largest free-coin item (the demo's 1,500-coin one): its grant is past a day's allowance.
  const bonusItems = (await finance1.call('GET', `/api/admin/coin-items?${filter({ itemType: 'BONUS' })}&range=[0,99]`))
    .body as { id: number; point: number }[];
  const item = bonusItems.reduce((best, one) => (one.point > best.point ? one : best));
  const asked = await helpers[0]!.call(
    'POST',
    '/api/admin/bonus-grants',
    { coinItemId: item.id, reason: 'review 5 four-eyes', budgetCoins: item.point, recipients: { userIds: [fan.id] } },
    { 'idempotency-key': `review5-m1-${run}` },
  );
  const bySibling = await helpers[1]!.call('POST', `/api/admin/approvals/${asked.body?.id}/decision`, {
    decision: 'approve',
  });
  const byInviter = await finance1.call('POST', `/api/admin/approvals/${asked.body?.id}/decision`, {
    decision: 'approve',
  });
  const coins = (await fan.call('GET', '/api/v1/users/me/coin-lots')).body?.balance;
  check(
    `M1 a helper's ${item.point}-coin grant: ${said(asked)} ${asked.body?.kind}; his sibling approves → ${said(bySibling)}, ` +
      `their inviter → ${said(byInviter)}; the member holds ${coins} coins`,
    asked.status === 202 &&
      bySibling.status === 403 &&
      bySibling.body?.code === 'STAFF_RELATED' &&
      byInviter.body?.code === 'STAFF_RELATED' &&
      coins === 0,
    { asked, bySibling, byInviter },
  );
}

const finance1 = await Session.console(base, 'finance1@fanmission.local', PASSWORD);
const finance2 = await Session.console(base, 'finance2@fanmission.local', PASSWORD);
await cardChargeCashedOut(finance1);
await siblingHelpers(finance1, finance2);
checks.finish();
