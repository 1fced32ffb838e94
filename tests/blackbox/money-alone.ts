/**
 * A black-box run of one finance member against a running product (`npm start` on a fresh demo world), over HTTP
 * only, with the demo's published accounts:
 *
 *   node --import tsx tests/blackbox/money-alone.ts [base URL, default http://127.0.0.1:8080]
 *
 * finance1@ tries, alone, every console write route that moves money or decides where it goes (bank deposits, coin
 * items, free coins, refunds, cancels, payout accounts, statements, staff), each also split under its threshold; then
 * with the helper account he can get (a colleague he invites, whose invitation a second member approves as routine),
 * each of the two checking the other. Nothing is credited, changed or released beyond what one member may do alone in
 * a day (his allowances, which his helper shares), until a second, unrelated member approves; finance2@ then approves
 * one and it runs once. Then with every helper account he can make (two siblings he invites, each other's siblings,
 * and a chain: his helper's invitee), each tries to release a transfer batch and to approve his refunds and grants;
 * once a deceived unrelated member lets his change of a creator's payout account to a third party's run, that
 * creator's approved statement is in no transfer file and paid by no hand: only the payee's own verified account is.
 * It changes the demo world (requests, a helper), so run it on a fresh one. Prints one line per check and exits 1
 * when any answer differs from the rule.
 */
import {
  allowanceUsed,
  askBankDeposit,
  cashItems,
  Checks,
  filter,
  invitedStaff,
  joinStaff,
  Session,
  type Answer,
} from './console-http';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const PASSWORD = 'fanmission1';
const run = Date.now();
const checks = new Checks();
const check = checks.check.bind(checks);
const pending = checks.pending.bind(checks);

const [insider, colleague, admin] = await Promise.all([
  Session.console(base, 'finance1@fanmission.local', PASSWORD),
  Session.console(base, 'finance2@fanmission.local', PASSWORD),
  Session.console(base, 'admin@fanmission.local', 'fanmission-admin1'),
]);
const fan = await Session.member(base, 'fan@fanmission.local', PASSWORD);
const coinsOf = async (userId: number) =>
  (await colleague.call('GET', `/api/admin/users/${userId}`)).body.coins as number;
const startCoins = await coinsOf(fan.id);
const allowance = allowanceUsed;
const packs = await cashItems(colleague);
const itemOf = (point: number) => packs.find((item) => item.point === point)!;
const askDeposit = (point: number) => askBankDeposit(fan, itemOf(point).id);
/** Every request the insider's own answer or approval could run: kept to check none ran. */
const insiderRequests: number[] = [];

// 1. Money coming in: a bank deposit nobody made, then small ones split under the threshold.
const bigDeposit = await askDeposit(1_000);
insiderRequests.push(
  pending(
    'confirming a 100,000-won bank deposit alone',
    await insider.call('PUT', `/api/admin/bank-transfers/${bigDeposit}`, { status: 'paid' }),
    'BANK_DEPOSIT_CONFIRM',
    insider,
  ),
);
const statuses: number[] = [];
for (let turn = 0; turn < 5; turn++) {
  const small = await askDeposit(30);
  statuses.push((await insider.call('PUT', `/api/admin/bank-transfers/${small}`, { status: 'paid' })).status);
}
const used = await allowance(insider);
check(
  'five 3,000-won deposits confirmed one after another: the ones past 10,000 won a day wait (202)',
  statuses.filter((status) => status === 200).length <= 3 && statuses.slice(-2).every((status) => status === 202),
  { statuses, used },
);
check('what he confirmed alone stays within his daily allowance', used.MONEY_IN_WON <= 10_000, used);

// 2. The catalogue: coins for almost nothing, then the same with the discount written out, then a cheaper pack.
const countItems = async () =>
  ((await colleague.call('GET', '/api/admin/coin-items?range=[0,199]')).body as unknown[]).length;
const itemsBefore = await countItems();
const mispriced = { itemType: 'CASH', name: `bb-${run}`, point: 1_000_000, price: 1_000, usdPrice: 1, active: true };
const rate = await insider.call('POST', '/api/admin/coin-items', mispriced);
check(
  'a CASH item of 1,000,000 coins for 1,000 won: 400 on its price (the catalogue’s rate)',
  rate.status === 400 && rate.body?.subErrors?.[0]?.field === 'price',
  rate,
);
insiderRequests.push(
  pending(
    'the same CASH item with a 99,999,000-won discount',
    await insider.call('POST', '/api/admin/coin-items', { ...mispriced, discount: 99_999_000 }),
    'CASH_COIN_ITEM',
    insider,
  ),
);
const ten = itemOf(10);
insiderRequests.push(
  pending(
    'the 10-coin pack repriced to 1 won',
    await insider.call('PUT', `/api/admin/coin-items/${ten.id}`, { ...ten, price: 1, discount: 999 }),
    'CASH_COIN_ITEM',
    insider,
  ),
);
const tenAfter = (await colleague.call('GET', `/api/admin/coin-items/${ten.id}`)).body;
check(
  'no coin item added, the pack’s price unchanged',
  (await countItems()) === itemsBefore && tenAfter.price === ten.price,
  {
    tenAfter,
  },
);

// 3. Free coins split into 1,000-coin grants (a 1,000-coin BONUS item needs nobody: it credits nothing itself).
const bonusItem = (
  await insider.call('POST', '/api/admin/coin-items', {
    itemType: 'BONUS',
    name: `bb-1000-${run}`,
    point: 1_000,
    price: 0,
    usdPrice: 0,
    active: false,
  })
).body as { id: number };
const grants: number[] = [];
for (let turn = 0; turn < 4; turn++) {
  const answer = await insider.call(
    'POST',
    '/api/admin/bonus-grants',
    { coinItemId: bonusItem.id, reason: 'black-box split', budgetCoins: 1_000, recipients: { userIds: [fan.id] } },
    { 'idempotency-key': `bb-split-${run}-${turn}` },
  );
  grants.push(answer.status);
  if (answer.status === 202) insiderRequests.push(answer.body.id);
}
check(
  'four 1,000-coin grants one after another: at most one runs alone, the rest wait',
  grants.filter((status) => status === 200).length <= 1 && grants.slice(1).every((status) => status === 202),
  grants,
);

// 4. Money going out: refunds (by hand, through the providers) and cancels above the threshold, as the demo has them.
const refunds = (await insider.call('GET', `/api/admin/coin-refunds?${filter({ status: 'requested' })}&range=[0,99]`))
  .body as { id: number; amount: number; parts: { via: string }[] }[];
for (const refund of refunds.filter((row) => row.amount > 100_000)) {
  const throughProvider = refund.parts.some((part) => part.via === 'PROVIDER');
  const answer = throughProvider
    ? await insider.call('POST', `/api/admin/coin-refunds/${refund.id}/provider-refund`, { reason: 'black-box run' })
    : await insider.call('PUT', `/api/admin/coin-refunds/${refund.id}`, { status: 'paid', note: 'black-box run' });
  insiderRequests.push(
    pending(
      `refund ${refund.id} (${refund.amount} won) ${throughProvider ? 'through the providers' : 'marked paid'}`,
      answer,
      throughProvider ? 'PROVIDER_REFUND' : 'MANUAL_REFUND',
      insider,
    ),
  );
}
const waitingCancels = (await colleague.call('GET', `/api/admin/approvals?${filter({ kind: 'PAYMENT_CANCEL' })}`))
  .body as { params: { paymentId: string } }[];
for (const { params } of waitingCancels) {
  insiderRequests.push(
    pending(
      `cancelling payment ${params.paymentId} at its provider`,
      await insider.call('POST', `/api/admin/payments/${params.paymentId}/cancel`, { reason: 'black-box run' }),
      'PAYMENT_CANCEL',
      insider,
    ),
  );
}
check('the demo has refunds and a cancel above the threshold to try', refunds.length > 0 && waitingCancels.length > 0);
const refundsAfter = (
  await insider.call('GET', `/api/admin/coin-refunds?${filter({ status: 'requested' })}&range=[0,99]`)
).body as unknown[];
check('every refund still requested (none paid)', refundsAfter.length === refunds.length, refundsAfter.length);

// 5. Where payouts go, and payouts themselves.
const creator = (await insider.call('GET', `/api/admin/creators?${filter({ q: 'skydance' })}`)).body[0] as {
  id: number;
};
const accountBefore = (await insider.call('GET', `/api/admin/creator-payout-accounts/${creator.id}`)).body;
const payoutChange = pending(
  "a creator's payout account",
  await insider.call('PUT', `/api/admin/creator-payout-accounts/${creator.id}`, {
    bankName: '카카오뱅크',
    bankAccountHolder: '김재무',
    bankAccountNumber: '3333999999999',
    reason: 'black-box run',
  }),
  'PAYOUT_ACCOUNT_CHANGE',
  insider,
);
insiderRequests.push(payoutChange);
const statements = (await insider.call('GET', `/api/admin/settlements?${filter({ status: 'ISSUED' })}&range=[0,99]`))
  .body as { id: number; status: string; holdAccountChangeId: number | null; holdReleasedAt: string | null }[];
const issued = statements.find((statement) => statement.holdAccountChangeId === null);
const held = statements.find(
  (statement) => statement.holdAccountChangeId !== null && statement.holdReleasedAt === null,
);
if (issued) {
  const jump = await insider.call('PUT', `/api/admin/settlements/${issued.id}`, {
    action: 'pay',
    transferReference: `BB-${run}`,
    transferDate: new Date().toISOString().slice(0, 10),
  });
  check('paying an issued statement: 409 (no jump to paid)', jump.status === 409, jump);
  insiderRequests.push(
    pending(
      'approving an issued statement',
      await insider.call('PUT', `/api/admin/settlements/${issued.id}`, { action: 'approve' }),
      'STATEMENT_APPROVE',
      insider,
    ),
  );
}
if (held) {
  insiderRequests.push(
    pending(
      'releasing a held statement',
      await insider.call('PUT', `/api/admin/settlements/${held.id}`, { action: 'release', note: 'black-box run' }),
      'STATEMENT_RELEASE',
      insider,
    ),
  );
}
check('the demo has an issued and a held statement to try', !!issued && !!held, statements.length);

// 6. A creator's payout rate is an operator's, and never one person's: finance cannot, the first account waits.
const grade = await insider.call('PUT', `/api/admin/creators/${creator.id}`, { grade: 'DIAMOND' });
check("finance1@ setting a creator's grade: 403 (an operator's action)", grade.status === 403, grade);
const currentGrade = (await admin.call('GET', `/api/admin/creators/${creator.id}`)).body.grade as string;
const gradeByAdmin = pending(
  "the first account (both roles) setting a creator's grade",
  await admin.call('PUT', `/api/admin/creators/${creator.id}`, { grade: currentGrade === 'GOLD' ? 'SILVER' : 'GOLD' }),
  'CREATOR_GRADE_CHANGE',
  admin,
);
const ownGrade = await admin.call('POST', `/api/admin/approvals/${gradeByAdmin}/decision`, { decision: 'approve' });
check('…and approving it himself: 403 OWN_REQUEST', ownGrade.body?.code === 'OWN_REQUEST', ownGrade);

// 7. His own approval of any of it.
for (const id of insiderRequests) {
  const own = await insider.call('POST', `/api/admin/approvals/${id}/decision`, { decision: 'approve' });
  check(
    `approving his own request ${id}: 403 OWN_REQUEST`,
    own.status === 403 && own.body?.code === 'OWN_REQUEST',
    own,
  );
}

// 8. With a helper: the colleague he invites, whose invitation a second finance member approves as routine.
const helperEmail = `bb-helper-${run}@example.test`;
const invitation = pending(
  'inviting a helper',
  await insider.call('POST', '/api/admin/staff', { email: helperEmail, roles: ['ROLE_FINANCE'] }),
  'STAFF_INVITATION',
  insider,
);
const selfInvite = await insider.call('POST', `/api/admin/approvals/${invitation}/decision`, { decision: 'approve' });
check('approving his own helper’s invitation: 403 OWN_REQUEST', selfInvite.body?.code === 'OWN_REQUEST', selfInvite);
const routine = await colleague.call('POST', `/api/admin/approvals/${invitation}/decision`, { decision: 'approve' });
check('finance2@ approves the invitation as routine: EXECUTED', routine.body?.status === 'EXECUTED', routine);
// The helper sets his password from the invitation mail (the development mailbox) and signs in.
const helper = await joinStaff(base, helperEmail, 'bb-helper-pass1');

// The helper asks; the insider (his inviter) and finance2@ (who approved him) are both related to him.
const helperDeposit = await askDeposit(1_000);
const helperSmall = await askDeposit(30);
const helperRequests = [
  pending(
    'the helper confirming a 3,000-won deposit (the allowance he shares with his inviter is spent)',
    await helper.call('PUT', `/api/admin/bank-transfers/${helperSmall}`, { status: 'paid' }),
    'BANK_DEPOSIT_CONFIRM',
    helper,
  ),
  pending(
    'the helper confirming a 100,000-won deposit',
    await helper.call('PUT', `/api/admin/bank-transfers/${helperDeposit}`, { status: 'paid' }),
    'BANK_DEPOSIT_CONFIRM',
    helper,
  ),
  pending(
    'the helper adding a cheap CASH item',
    await helper.call('POST', '/api/admin/coin-items', { ...mispriced, name: `bb-h-${run}`, discount: 99_999_000 }),
    'CASH_COIN_ITEM',
    helper,
  ),
  pending(
    "the helper changing a creator's payout account",
    await helper.call('PUT', `/api/admin/creator-payout-accounts/${creator.id}`, {
      bankName: '카카오뱅크',
      bankAccountHolder: '김도우미',
      bankAccountNumber: '3333888888888',
      reason: 'black-box run',
    }),
    'PAYOUT_ACCOUNT_CHANGE',
    helper,
  ),
];
if (held) {
  // The same release already waits (finance1@'s, in 5): asking again answers that request, and adds none of his.
  const again = await helper.call('PUT', `/api/admin/settlements/${held.id}`, {
    action: 'release',
    note: 'black-box run',
  });
  check(
    'the helper releasing the held statement: 202, finance1@’s pending request (one request per action)',
    again.status === 202 && again.body?.status === 'PENDING' && again.body?.makerId === insider.id,
    again,
  );
}
for (const id of helperRequests) {
  for (const [who, checker] of [
    ['his inviter', insider],
    ['the member who approved his invitation', colleague],
  ] as const) {
    const answer = await checker.call('POST', `/api/admin/approvals/${id}/decision`, { decision: 'approve' });
    check(
      `${who} approving the helper's request ${id}: 403 STAFF_RELATED`,
      answer.status === 403 && answer.body?.code === 'STAFF_RELATED',
      answer,
    );
  }
}
for (const id of insiderRequests) {
  const answer = await helper.call('POST', `/api/admin/approvals/${id}/decision`, { decision: 'approve' });
  check(
    `the helper approving the insider's request ${id}: 403 STAFF_RELATED`,
    answer.status === 403 && answer.body?.code === 'STAFF_RELATED',
    answer,
  );
}
const helperInvite = pending(
  "the helper inviting a helper's helper",
  await helper.call('POST', '/api/admin/staff', { email: `bb-helper2-${run}@example.test`, roles: ['ROLE_FINANCE'] }),
  'STAFF_INVITATION',
  helper,
);
const chain = await insider.call('POST', `/api/admin/approvals/${helperInvite}/decision`, { decision: 'approve' });
check(
  "the insider approving his helper's invitation of another: 403 STAFF_RELATED",
  chain.body?.code === 'STAFF_RELATED',
  chain,
);
pending(
  'the helper deactivating finance2@ (the unrelated colleague)',
  await helper.call('PUT', `/api/admin/staff/${colleague.id}`, { active: false }),
  'STAFF_DEACTIVATION',
  helper,
);
check('finance2@ stays active', (await admin.call('GET', `/api/admin/staff/${colleague.id}`)).body?.active === true);

// 9. Nothing credited, changed or released beyond the two members' daily allowances.
const insiderUsed = await allowance(insider);
const helperUsed = await allowance(helper);
const fanCoins = await coinsOf(fan.id);
check(
  'the fan holds no more than one daily allowance for the two together (10,000 won of deposits, 1,000 free coins)',
  fanCoins - startCoins === insiderUsed.MONEY_IN_WON / 100 + insiderUsed.FREE_COINS &&
    insiderUsed.MONEY_IN_WON <= 10_000 &&
    insiderUsed.FREE_COINS <= 1_000 &&
    JSON.stringify(helperUsed) === JSON.stringify(insiderUsed),
  { startCoins, fanCoins, insiderUsed, helperUsed },
);
const bigTransfer = (await colleague.call('GET', `/api/admin/bank-transfers/${bigDeposit}`)).body;
check('the 100,000-won deposit is still waiting', bigTransfer.status === 'ready', bigTransfer.status);
check(
  "the creator's payout account unchanged",
  JSON.stringify((await insider.call('GET', `/api/admin/creator-payout-accounts/${creator.id}`)).body) ===
    JSON.stringify(accountBefore),
);
if (held) {
  const statement = (await insider.call('GET', `/api/admin/settlements/${held.id}`)).body;
  check('the held statement still held', statement.holdReleasedAt === null, statement);
}
if (issued) {
  const statement = (await insider.call('GET', `/api/admin/settlements/${issued.id}`)).body;
  check('the issued statement still issued', statement.status === 'ISSUED', statement.status);
}
const open = (await colleague.call('GET', `/api/admin/approvals?${filter({ status: 'EXECUTED' })}&range=[0,199]`))
  .body as { id: number }[];
check(
  'none of their money requests ran',
  ![...insiderRequests, ...helperRequests].some((id) => open.some((row) => row.id === id)),
);

// 10. A second, unrelated member checks the bank statement and approves: the coins are credited once.
const approved = await colleague.call('POST', `/api/admin/approvals/${insiderRequests[0]}/decision`, {
  decision: 'approve',
  note: 'black-box: statement line seen',
});
check('finance2@ approves the deposit confirmation: EXECUTED', approved.body?.status === 'EXECUTED', approved);
check('the fan is credited its 1,000 coins once', (await coinsOf(fan.id)) === fanCoins + 1_000, await coinsOf(fan.id));

// 11. Every helper account he can make: two siblings he invites (each other's siblings: one maker chose both), and a
// chain (the invitation his helper asked for in 8, let in by the first console account, who chose none of them).
const sibling = async (label: string) => {
  const invited = await invitedStaff(base, insider, colleague, `bb-${label}-${run}@example.test`, `bb-${label}-pass1`);
  check(`finance2@ lets in his invitee ${label} as routine: EXECUTED`, invited.staff !== null, invited.approval);
  return invited.staff!;
};
const [siblingA, siblingB] = [await sibling('sibling-a'), await sibling('sibling-b')];
const chainLetIn = await admin.call('POST', `/api/admin/approvals/${helperInvite}/decision`, { decision: 'approve' });
const chained =
  chainLetIn.body?.status === 'EXECUTED'
    ? await joinStaff(base, `bb-helper2-${run}@example.test`, 'bb-helper2-pass1')
    : null;
check(
  "the helper's invitee (a chain: insider → helper → him) let in by a member who chose none of them, or refused as related",
  chained !== null || chainLetIn.body?.code === 'STAFF_RELATED',
  chainLetIn,
);
const crew: [string, Session][] = [
  ['finance1@ himself', insider],
  ['his helper', helper],
  ['his sibling helper A', siblingA],
  ['his sibling helper B', siblingB],
  ...(chained ? ([['his helper’s invitee (chain)', chained]] as [string, Session][]) : []),
];
/** Each of `members` approving request `id`: 403, his own (OWN_REQUEST) or a related member's (STAFF_RELATED). */
const refusedToAll = async (what: string, id: number, members: [string, Session][], maker: Session) => {
  for (const [who, member] of members) {
    const answer = await member.call('POST', `/api/admin/approvals/${id}/decision`, { decision: 'approve' });
    const code = member.id === maker.id ? 'OWN_REQUEST' : 'STAFF_RELATED';
    check(`${who} approving ${what} (${id}): 403 ${code}`, answer.status === 403 && answer.body?.code === code, answer);
  }
};

// 11a. Releasing a transfer batch: the demo's (finance1@ made it), and one a sibling makes now.
const BATCHES = '/api/admin/settlement-transfer-batches';
const createdBatches = (await colleague.call('GET', `${BATCHES}?${filter({ status: 'CREATED' })}&range=[0,49]`))
  .body as { id: number; year: number; month: number; releaseApprovalId: number; createdBy: { id: number } }[];
const demoBatch = createdBatches.find((batch) => batch.createdBy.id === insider.id);
check('the demo has finance1@’s transfer batch waiting for its release', demoBatch !== undefined, createdBatches);
if (demoBatch)
  await refusedToAll(`the release of transfer batch #${demoBatch.id}`, demoBatch.releaseApprovalId, crew, insider);
const approvedStatements = (
  await colleague.call('GET', `/api/admin/settlements?${filter({ status: 'APPROVED' })}&range=[0,99]`)
).body as { id: number; creatorId: number; year: number; month: number }[];
// Another creator's than skydance's (whose statement 11c pays).
const approvedMonth = approvedStatements.find((statement) => statement.creatorId !== creator.id);
if (approvedMonth) {
  const preview = (
    await siblingA.call('GET', `${BATCHES}/preview?year=${approvedMonth.year}&month=${approvedMonth.month}`)
  ).body as { statementIds: number[] };
  const skydances = new Set(approvedStatements.filter((row) => row.creatorId === creator.id).map((row) => row.id));
  const made = await siblingA.call('POST', BATCHES, {
    year: approvedMonth.year,
    month: approvedMonth.month,
    statementIds: preview.statementIds.filter((id) => !skydances.has(id)).slice(0, 1),
  });
  check('sibling A makes a transfer batch of one approved statement: 201 CREATED', made.status === 201, made);
  if (made.status === 201) {
    await refusedToAll(
      `the release of sibling A’s batch #${made.body.id}`,
      made.body.releaseApprovalId,
      crew,
      siblingA,
    );
    const file = await siblingA.call('GET', `${BATCHES}/${made.body.id}/file`);
    check(
      '…and its file before any release: 409 TRANSFER_BATCH_NOT_RELEASED',
      file.body?.code === 'TRANSFER_BATCH_NOT_RELEASED',
      file,
    );
  }
}

// 11b. His refunds, cancels and free-coin grants (still waiting): none of his helpers approves one.
for (const id of insiderRequests.slice(1)) await refusedToAll('finance1@’s request', id, crew.slice(2), insider);

// 11c. A creator's payout account to a third party's: his helpers cannot let it run, and once finance2@ (unrelated,
// deceived) does, the creator's approved statement is in no transfer file and paid by no hand.
await refusedToAll("finance1@'s change of skydance's payout account to 김재무's", payoutChange, crew, insider);
const siblingChange = pending(
  "sibling A changing skydance's payout account to a third party's",
  await siblingA.call('PUT', `/api/admin/creator-payout-accounts/${creator.id}`, {
    bankName: '카카오뱅크',
    bankAccountHolder: '김형제',
    bankAccountNumber: '3333777777777',
    reason: 'black-box run',
  }),
  'PAYOUT_ACCOUNT_CHANGE',
  siblingA,
);
await refusedToAll("sibling A's payout account change", siblingChange, crew, siblingA);
const skydanceApproved = approvedStatements.find((statement) => statement.creatorId === creator.id);
check('skydance has an approved statement to pay', skydanceApproved !== undefined);
const deceived = await colleague.call('POST', `/api/admin/approvals/${payoutChange}/decision`, {
  decision: 'approve',
  note: 'black-box: a deceived checker',
});
check(
  "finance2@ (unrelated) lets the change to 김재무's account run: EXECUTED",
  deceived.body?.status === 'EXECUTED',
  deceived,
);
if (skydanceApproved) {
  const { year, month } = skydanceApproved;
  const preview = (await colleague.call('GET', `${BATCHES}/preview?year=${year}&month=${month}`)).body as {
    statementIds: number[];
    refused: { statementId: number; reason: string; message: string }[];
  };
  const refused = preview.refused?.find((row) => row.statementId === skydanceApproved.id);
  check(
    "skydance's approved statement is left out of a batch, with why (ACCOUNT_CHANGED, in the caller's language)",
    !preview.statementIds.includes(skydanceApproved.id) && refused?.reason === 'ACCOUNT_CHANGED' && !!refused.message,
    preview.refused,
  );
  const selected: Answer = await colleague.call('POST', BATCHES, { year, month, statementIds: [skydanceApproved.id] });
  check(
    '…selected alone: 409 SETTLEMENT_BATCH_NOT_ELIGIBLE with the reason',
    selected.status === 409 && selected.body?.code === 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
    selected,
  );
  const byHand = await insider.call('PUT', `/api/admin/settlements/${skydanceApproved.id}`, {
    action: 'pay',
    transferReference: `BB-HAND-${run}`,
    transferDate: new Date().toISOString().slice(0, 10),
  });
  check(
    '…paid by hand: 409 PAYEE_ACCOUNT_REFUSED',
    byHand.status === 409 && byHand.body?.code === 'PAYEE_ACCOUNT_REFUSED',
    byHand,
  );
}

// 11d. The demo batch released by finance2@ (unrelated): its file sends nothing to the third parties' accounts.
if (demoBatch) {
  const released = await colleague.call('POST', `/api/admin/approvals/${demoBatch.releaseApprovalId}/decision`, {
    decision: 'approve',
  });
  check('finance2@ releases finance1@’s batch: EXECUTED', released.body?.status === 'EXECUTED', released);
  const file = await colleague.call('GET', `${BATCHES}/${demoBatch.id}/file`);
  const text = typeof file.body === 'string' ? file.body : JSON.stringify(file.body);
  check(
    '…its file downloads (200) and names neither third party’s account',
    file.status === 200 && !text.includes('3333999999999') && !text.includes('3333777777777'),
    file.status,
  );
}

checks.finish();
