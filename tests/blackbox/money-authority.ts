/**
 * A black-box run of the money controls against a running product (`npm start` on a fresh demo world), over HTTP
 * only, as an outsider with the demo's published accounts would try them:
 *
 *   node --import tsx tests/blackbox/money-authority.ts [base URL, default http://127.0.0.1:8080]
 *
 * finance1@ tries every guarded staff action alone: each answers 202 with a pending request and changes nothing, his
 * own approval is refused; finance2@ approves one and it runs once; the audit log names both. Then the rules that
 * need no database access to check: the comment event's budget approval, the reserved block reason, operators reading
 * fans' refund accounts, a known browser's mark after a password change. It changes the demo world (requests, a
 * grant), so run it on a fresh one. Prints one line per check and exits 1 when any answer differs from the rule.
 */
import { Checks, filter, Session, type Answer } from './console-http';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const DEMO_PASSWORD = 'fanmission1';
const checks = new Checks();
const check = checks.check.bind(checks);

/** A guarded action asked by one person: 202, a PENDING request of its kind, made by him. */
function pending(name: string, answer: Answer, kind: string, maker: Session): number {
  check(
    `${name}: 202, a pending ${kind} request`,
    answer.status === 202 &&
      answer.body?.kind === kind &&
      answer.body?.status === 'PENDING' &&
      answer.body?.makerId === maker.id,
    answer,
  );
  return answer.body?.id as number;
}

const [admin, financeA, financeB, operator] = await Promise.all([
  Session.console(base, 'admin@fanmission.local', 'fanmission-admin1'),
  Session.console(base, 'finance1@fanmission.local', DEMO_PASSWORD),
  Session.console(base, 'finance2@fanmission.local', DEMO_PASSWORD),
  Session.console(base, 'operator1@fanmission.local', DEMO_PASSWORD),
]);
const fan = (await financeA.call('GET', `/api/admin/users?${filter({ q: 'fan@fanmission.local' })}`)).body[0];
const coinsOf = async (userId: number) => (await financeA.call('GET', `/api/admin/users/${userId}`)).body.coins;
const fanCoins = await coinsOf(fan.id);

// 1. finance1@ alone: every guarded action waits for a second person and changes nothing.
const largeItem = (await financeA.call('GET', `/api/admin/coin-items?${filter({ itemType: 'BONUS' })}`)).body.find(
  (item: { point: number }) => item.point > 1_000,
);
const grant = pending(
  'a grant of more than 1,000 free coins',
  await financeA.call(
    'POST',
    '/api/admin/bonus-grants',
    {
      coinItemId: largeItem.id,
      reason: 'black-box run',
      budgetCoins: largeItem.point,
      recipients: { userIds: [fan.id] },
    },
    { 'idempotency-key': `blackbox-grant-${Date.now()}` },
  ),
  'BONUS_GRANT',
  financeA,
);
check('the grant credited nothing yet', (await coinsOf(fan.id)) === fanCoins);
const own = await financeA.call('POST', `/api/admin/approvals/${grant}/decision`, { decision: 'approve' });
check('the maker approving his own request: 403 OWN_REQUEST in Korean', own.status === 403, own);
check('  …with a Korean message', own.body?.code === 'OWN_REQUEST' && /[가-힣]/.test(own.body?.message ?? ''), own);

pending(
  'a BONUS coin item of 5,000 coins',
  await financeA.call('POST', '/api/admin/coin-items', {
    itemType: 'BONUS',
    name: 'black-box bonus',
    point: 5_000,
    price: 0,
    usdPrice: 0,
    active: false,
    sortOrder: 0,
  }),
  'BONUS_COIN_ITEM',
  financeA,
);

const creator = (await financeA.call('GET', `/api/admin/creators?${filter({ q: 'skydance' })}`)).body[0];
pending(
  "a creator's payout account changed by finance",
  await financeA.call('PUT', `/api/admin/creator-payout-accounts/${creator.id}`, {
    bankName: '카카오뱅크',
    bankAccountHolder: '김재무',
    bankAccountNumber: '3333999999999',
    reason: 'black-box run',
  }),
  'PAYOUT_ACCOUNT_CHANGE',
  financeA,
);

const statements = (await financeA.call('GET', `/api/admin/settlements?${filter({ status: 'ISSUED' })}&range=[0,99]`))
  .body as { id: number; holdAccountChangeId: number | null; holdReleasedAt: string | null }[];
const issued = statements.find((statement) => statement.holdAccountChangeId === null)!;
const held = statements.find(
  (statement) => statement.holdAccountChangeId !== null && statement.holdReleasedAt === null,
);
const jump = await financeA.call('PUT', `/api/admin/settlements/${issued.id}`, {
  action: 'pay',
  transferReference: 'BLACKBOX-1',
  transferDate: new Date().toISOString().slice(0, 10),
});
check('paying an issued statement (no jump to paid): 409', jump.status === 409, jump);
pending(
  'approving an issued statement',
  await financeA.call('PUT', `/api/admin/settlements/${issued.id}`, { action: 'approve' }),
  'STATEMENT_APPROVE',
  financeA,
);
if (held) {
  pending(
    'releasing a held statement',
    await financeA.call('PUT', `/api/admin/settlements/${held.id}`, { action: 'release', note: 'black-box run' }),
    'STATEMENT_RELEASE',
    financeA,
  );
} else {
  check('the demo world holds a statement to release', false, statements);
}
pending(
  'inviting a finance member (a second person of his own making)',
  await financeA.call('POST', '/api/admin/staff', {
    email: `blackbox-${Date.now()}@example.test`,
    roles: ['ROLE_FINANCE'],
  }),
  'STAFF_INVITATION',
  financeA,
);
const operatorTwo = (await admin.call('GET', `/api/admin/staff?${filter({ q: 'operator2@fanmission.local' })}`))
  .body[0];
pending(
  'giving an operator the finance role (the first account, both roles)',
  await admin.call('PUT', `/api/admin/staff/${operatorTwo.id}`, { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] }),
  'STAFF_ROLE_GRANT',
  admin,
);
// Deactivating the other holders of a role never runs at once: it cannot make the first account a "first team" again.
const deactivation = pending(
  'deactivating a finance colleague (the first account, both roles)',
  await admin.call('PUT', `/api/admin/staff/${financeB.id}`, { active: false }),
  'STAFF_DEACTIVATION',
  admin,
);
check(
  'the colleague stays active while it waits',
  (await admin.call('GET', `/api/admin/staff/${financeB.id}`)).body?.active === true,
  deactivation,
);
await admin.call('POST', `/api/admin/approvals/${deactivation}/decision`, {
  decision: 'refuse',
  note: 'black-box run',
});
const refunds = (await financeA.call('GET', `/api/admin/coin-refunds?${filter({ status: 'requested' })}&range=[0,99]`))
  .body as { id: number; amount: number; parts: { via: string }[] }[];
const large = refunds.filter((refund) => refund.amount > 100_000);
const waiting = (await financeB.call('GET', `/api/admin/approvals?${filter({ view: 'waiting' })}&range=[0,99]`))
  .body as { kind: string; params: { refundId?: number; paymentId?: string } }[];
for (const refund of large) {
  const again = refund.parts.some((part) => part.via === 'PROVIDER')
    ? await financeA.call('POST', `/api/admin/coin-refunds/${refund.id}/provider-refund`, { reason: 'black-box run' })
    : await financeA.call('PUT', `/api/admin/coin-refunds/${refund.id}`, { status: 'paid', note: 'black-box run' });
  check(
    `refund ${refund.id} of ${refund.amount} won alone: 202, a request (none paid)`,
    again.status === 202 && ['MANUAL_REFUND', 'PROVIDER_REFUND'].includes(again.body?.kind),
    again,
  );
}
for (const request of waiting.filter((row) => row.kind === 'PAYMENT_CANCEL')) {
  pending(
    `cancelling charge ${request.params.paymentId} above the limit`,
    await financeA.call('POST', `/api/admin/payments/${request.params.paymentId}/cancel`, { reason: 'black-box run' }),
    'PAYMENT_CANCEL',
    financeA,
  );
}
check(
  'the demo has a charge above the limit to cancel',
  waiting.some((row) => row.kind === 'PAYMENT_CANCEL'),
);
check(
  'the demo has refunds above the limit waiting',
  large.length >= 2 && waiting.filter((row) => row.kind.endsWith('_REFUND')).length >= 2,
);

// 2. finance2@ approves the grant: it runs once, the fan has the coins, the audit log names both people.
const approved = await financeB.call('POST', `/api/admin/approvals/${grant}/decision`, { decision: 'approve' });
check('a second finance member approves: 200 EXECUTED', approved.body?.status === 'EXECUTED', approved);
const again = await financeB.call('POST', `/api/admin/approvals/${grant}/decision`, { decision: 'approve' });
check(
  'approving again runs nothing twice',
  again.status === 200 && (await coinsOf(fan.id)) === fanCoins + largeItem.point,
  {
    again,
    coins: await coinsOf(fan.id),
  },
);
const history = (await financeB.call('GET', `/api/admin/approvals/${grant}`)).body;
check(
  "the request's history: requested by finance1@, approved and run by finance2@",
  JSON.stringify(history.history?.map((step: { step: string; actorId: number }) => [step.step, step.actorId])) ===
    JSON.stringify([
      ['REQUESTED', financeA.id],
      ['APPROVED', financeB.id],
      ['EXECUTED', financeB.id],
    ]),
  history.history,
);
const audit = (await financeB.call('GET', `/api/admin/audit-log?range=[0,49]`)).body as {
  actorId: number;
  path?: string;
}[];
check(
  'the audit log has both people',
  [financeA.id, financeB.id].every((id) => audit.some((row) => row.actorId === id)),
  audit.slice(0, 3),
);

// 3. Comment-event budgets, the reserved block reason, refund accounts seen by operators.
const events = (await admin.call('GET', '/api/admin/comment-events')).body as Record<string, unknown>[];
const running = events[0]!;
const money = { winProbability: 100, coinsPerWin: 100, dailyBudget: 100_000_000 };
const edited = await admin.call('PUT', `/api/admin/comment-events/${running.id}`, {
  title: running.title,
  startsAt: running.startsAt,
  endsAt: '2030-01-01T00:00:00Z',
  ...money,
});
check(
  'comment-event budget: a large comment-event budget waits for approval',
  edited.body?.budgetApproval === 'PENDING',
  edited,
);
const self = await admin.call('POST', `/api/admin/comment-events/${running.id}/budget-approval`);
check('comment-event budget: whoever set the budget cannot approve it (both roles)', self.status === 403, self);
const byOther = await financeA.call('POST', `/api/admin/comment-events/${running.id}/budget-approval`);
check('comment-event budget: another finance member approves it', byOther.body?.budgetApproval === 'APPROVED', byOther);
const moved = await operator.call('PUT', `/api/admin/comment-events/${running.id}`, {
  title: running.title,
  startsAt: running.startsAt,
  endsAt: '2035-01-01T00:00:00Z',
  ...money,
});
check(
  'comment-event budget: moving the period withdraws the approval',
  moved.body?.budgetApproval === 'PENDING',
  moved,
);
await admin.call('PUT', `/api/admin/comment-events/${running.id}`, {
  title: running.title,
  startsAt: running.startsAt,
  endsAt: running.endsAt,
  winProbability: running.winProbability,
  coinsPerWin: running.coinsPerWin,
  dailyBudget: running.dailyBudget,
});

const reserved = await admin.call('PUT', `/api/admin/users/${fan.id}`, {
  loginBlocked: true,
  loginBlockReason: 'deactivated staff account',
});
check(
  'block reason: the reserved block reason is refused with a Korean field error (nothing blocked)',
  reserved.status === 400 && reserved.body?.subErrors?.[0]?.field === 'loginBlockReason',
  reserved,
);
const operatorRefunds = (await operator.call('GET', '/api/admin/coin-refunds?range=[0,99]')).body as {
  bankAccount: { bankAccountNumber: string } | null;
}[];
const numbers = operatorRefunds.flatMap((refund) => (refund.bankAccount ? [refund.bankAccount.bankAccountNumber] : []));
check(
  "refund accounts: an operator reads fans' refund accounts masked",
  numbers.length > 0 && numbers.every((number) => /^\*+\d{4}$/.test(number)),
  numbers.slice(0, 3),
);

// A browser that signed in once keeps no bypass of the account's wait after the password changes. A world member
// (fan12@world.local) signs in, changes his password, and the old browser's mark is then worth nothing.
const member = 'fan12@world.local';
const signIn = (password: string, cookie = '') =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ username: member, password }),
  });
const first = await signIn(DEMO_PASSWORD);
const cookies = first.headers.getSetCookie().map((entry) => entry.split(';')[0]!);
const mark = cookies.find((cookie) => cookie.startsWith('fm_known='));
const memberId = ((await first.json()) as { id: number }).id;
const changed = await fetch(`${base}/api/v1/users/${memberId}`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'fanmission', cookie: cookies.join('; ') },
  body: JSON.stringify({ password: 'blackbox-new-1', currentPassword: DEMO_PASSWORD }),
});
check('known browser: the member signed in (a known-browser mark) and changed his password', !!mark && changed.ok, {
  mark: !!mark,
  changed: changed.status,
});
const statuses: number[] = [];
for (let attempt = 0; attempt < 12; attempt++) statuses.push((await signIn(`guess-${attempt}`, mark)).status);
check(
  "known browser: with the old mark, wrong passwords meet the account's wait (429) like any browser",
  statuses.includes(429),
  statuses,
);

checks.finish();
