/**
 * Money-out abuse recipes once reproduced over HTTP, replayed against a running product (`npm start` on a fresh demo
 * world) with the demo's published accounts:
 *
 *   node --import tsx tests/blackbox/review-5-recipes.ts [base URL, default http://localhost:8080]
 *
 * (the product's PUBLIC_URL by default: a sign-up's return address must be on it).
 *
 * Each recipe prints one line per check: what the product answered, and `ok` when that is what the rule says (`FAIL`
 * otherwise). A card charge never leaves as cash: a partial refund of card coins beside a small bank deposit sends the
 * card back to the card and only the deposit to an account the bank shows is the fan's own; somebody else's account
 * is refused before any coin moves; finance cannot mark the request paid while its card part is open. Two helper
 * accounts one finance member makes staff never approve each other's money requests. A creator who declares himself
 * a business named like a third party gets neither that party's account verified nor his withholding stopped. The
 * bank transfer file is a numbered batch of approved statements only, released once by a second member, the same
 * bytes at every download; the statements it holds are in no other file and no waiting payment request pays them; the
 * bank's result is read against its own batch, and a line whose account or amount differs pays nothing.
 * It changes the demo world (members, refunds), so run it on a fresh one. Exits 1 when any answer differs.
 */
import { createHash } from 'node:crypto';
import {
  askBankDeposit,
  buyAtSandbox,
  cashItems,
  Checks,
  filter,
  joinStaff,
  said,
  Session,
  signUpMember,
} from './console-http';

const base = process.argv[2] ?? 'http://localhost:8080';
const PASSWORD = 'fanmission1';
const run = Date.now();
const checks = new Checks();
const check = checks.check.bind(checks);

/** `A ×2, B ×1`: how often each word occurs. */
const tally = (words: string[]) =>
  [...new Set(words)].map((one) => `${one} ×${words.filter((other) => other === one).length}`).join(', ');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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

/** The Korea-time year and month now. */
function koreaMonth(): { year: number; month: number } {
  const korea = new Date(Date.now() + 9 * 3_600_000);
  return { year: korea.getUTCFullYear(), month: korea.getUTCMonth() + 1 };
}

/** A domestic individual's income tax on `income` won: 3 % cut down to 10 won, none under 1,000 won. */
const individualIncomeTax = (income: number) => {
  const tax = Math.floor((income * 3) / 100 / 10) * 10;
  return tax < 1_000 ? 0 : tax;
};

/**
 * A demo creator declares himself a corporation named like a third party (김다름, who holds the sandbox bank's numbers
 * ending 7777) and names that party's account: first with the number the review typed, then with a number the
 * business registry knows as a corporation in business (under another name).
 */
async function selfDeclaredBusiness(finance: Session): Promise<void> {
  const { year, month } = koreaMonth();
  const monthIncome = async (creator: Session, id: number) =>
    (await creator.call('GET', `/api/v1/creators/${id}/incomes/by-month-new?year=${year}&month=${month}`)).body as {
      income: number;
      taxWithheld: number;
      localTaxWithheld: number;
    };
  // The demo creator who earned most this month so far: his month is past the 1,000-won minimum income tax.
  const demo = await Promise.all(
    ['creator', 'dancer', 'cook', 'gamer', 'night'].map(async (name) => {
      const session = await Session.member(base, `${name}@fanmission.local`, PASSWORD);
      const me = (await session.call('GET', '/api/v1/creators/me')).body;
      return { session, me, income: (await monthIncome(session, me.id)).income };
    }),
  );
  const { session: creator, me } = demo.reduce((best, one) => (one.income > best.income ? one : best));
  const profile = {
    name: me.name,
    tags: (me.tags as { id: number }[]).map((tag) => tag.id),
    snsLinks: me.snsLinks,
    description: me.description,
    url: me.url,
    containAdultContent: me.containAdultContent,
    donating: me.donating,
  };
  const declare = (businessRegistrationNumber: string) =>
    creator.call('PUT', `/api/v1/creators/${me.id}`, {
      ...profile,
      businessType: 'CORPORATION',
      businessName: '김다름',
      businessRegistrationNumber,
      bankName: '우리은행',
      bankAccountHolder: '김다름',
      bankAccountNumber: '1002000007777',
      currentPassword: PASSWORD,
    });
  const typed = await declare('123-45-67890');
  check(
    `M2 ${me.name} declares a corporation "김다름" with the review's number 123-45-67890 and 김다름's account: ${said(typed)}`,
    typed.status === 400 && typed.body?.subErrors?.[0]?.field === 'businessRegistrationNumber',
    typed,
  );
  const registered = await declare('220-81-62517');
  const verification = registered.body?.payoutAccountVerification;
  check(
    `M2 the same with a number the registry knows (220-81-62517): ${said(registered)}, declared ` +
      `${registered.body?.businessType} "${registered.body?.businessName}", verified business ` +
      `${registered.body?.businessVerification?.businessType}; 김다름's account ${verification?.status}` +
      `${verification?.failure ? ` ${verification.failure}` : ''} (bank holder ${verification?.bankHolder})`,
    registered.status === 200 &&
      registered.body?.businessVerification?.businessType === 'NONE' &&
      verification !== null &&
      verification?.status !== 'VERIFIED',
    registered.body,
  );
  const seen = (await finance.call('GET', `/api/admin/creator-payout-accounts/${me.id}`)).body;
  check(
    `M2 finance reads: declared ${seen?.declaredBusinessType}, verified ${seen?.businessVerification?.businessType}, ` +
      `account ${seen?.verification?.status}`,
    seen?.declaredBusinessType === 'CORPORATION' &&
      seen?.businessVerification?.businessType === 'NONE' &&
      seen?.verification?.status !== 'VERIFIED',
    seen,
  );
  const after = await monthIncome(creator, me.id);
  check(
    `M2 ${me.name}'s ${year}-${month} so far: income ${after.income}, withheld ${after.taxWithheld} + ${after.localTaxWithheld} ` +
      '(3 % + 0.3 % still withheld)',
    after.income >= 33_334 &&
      after.taxWithheld === individualIncomeTax(after.income) &&
      after.localTaxWithheld === Math.floor(after.taxWithheld / 10 / 10) * 10,
    after,
  );
}

const BATCHES = '/api/admin/settlement-transfer-batches';
interface Batch {
  id: number;
  status: string;
  count: number;
  total: number;
  fileSha256: string;
  releaseApprovalId: number;
  lines: { statementId: number; bankAccountNumber: string | null; amount: number }[];
}
const statusOf = async (finance: Session, id: number) =>
  (await finance.call('GET', `/api/admin/settlements/${id}`)).body?.status as string;
/** The frozen statements of finance1@'s waiting request of `kind` (the demo's monthly run). */
async function waitingBatchRequest(finance: Session, kind: string) {
  const rows = (await finance.call('GET', `/api/admin/approvals?${filter({ status: 'PENDING', kind })}&range=[0,9]`))
    .body as { id: number; params: { year: number; month: number; statements: { id: number }[] } }[];
  return rows[0];
}

/** The month's statements nobody approved yet are in no bank file. */
async function unapprovedNotExported(finance1: Session): Promise<void> {
  const approve = await waitingBatchRequest(finance1, 'STATEMENT_BATCH_APPROVE');
  if (!approve) {
    check('M6 the demo has a waiting request to approve a month of statements', false);
    return;
  }
  const { year, month } = approve.params;
  const issued = approve.params.statements.map((statement) => statement.id);
  // The old export answered a CSV of the month's unpaid statements at this path; no route gives one now (the path
  // reads as a statement's id).
  const oldExport = await finance1.call('GET', `/api/admin/settlements/transfer-file?year=${year}&month=${month}`);
  check(
    `M6 the month's file of unpaid statements, approved or not (the old export): ${said(oldExport)}, no file`,
    oldExport.status >= 400 && typeof oldExport.body === 'object' && !JSON.stringify(oldExport.body).includes('예금주'),
    oldExport,
  );
  const preview = (await finance1.call('GET', `${BATCHES}/preview?year=${year}&month=${month}`)).body as {
    statementIds: number[];
  };
  const offered = preview.statementIds.filter((id) => issued.includes(id));
  check(
    `M6 a batch of ${year}-${month} (approval request ${approve.id} waiting for its ${issued.length} statements) would take ` +
      `${preview.statementIds.length}, none of those`,
    offered.length === 0,
    offered,
  );
  const selected = await finance1.call('POST', BATCHES, { year, month, statementIds: [issued[0]] });
  check(
    `M6 a batch of unapproved statement ${issued[0]} alone: ${said(selected)}; it stays ${await statusOf(finance1, issued[0]!)}`,
    selected.status === 409 &&
      selected.body?.code === 'SETTLEMENT_BATCH_NOT_ELIGIBLE' &&
      (await statusOf(finance1, issued[0]!)) === 'ISSUED',
    selected,
  );
}

/**
 * The month of finance1@'s waiting request to mark statements paid (DEMO-BULK-0001): he exports it as a batch, tries
 * to export it again and to release it himself; finance2@ exports it too, releases it, approves the waiting request.
 * Then the bank's result, edited, and the file of another batch.
 */
async function bankFileIsARecord(finance1: Session, finance2: Session): Promise<void> {
  const pay = await waitingBatchRequest(finance1, 'STATEMENT_BATCH_PAY');
  if (!pay) {
    check('M6 the demo has a waiting request to mark a month of statements paid', false);
    return;
  }
  const { year, month } = pay.params;
  const made = await finance1.call('POST', BATCHES, { year, month });
  check(
    `M6 finance1@ exports ${year}-${month} (request ${pay.id} to mark ${pay.params.statements.length} paid waits): ` +
      `${said(made)} batch #${made.body?.id}, ${made.body?.count} statements, ${made.body?.total} won, ${made.body?.status}`,
    made.status === 201 && made.body?.status === 'CREATED' && /^[0-9a-f]{64}$/.test(made.body?.fileSha256 ?? ''),
    made,
  );
  if (made.status !== 201) return;
  const batch = (await finance1.call('GET', `${BATCHES}/${made.body.id}`)).body as Batch;
  const ids = batch.lines.map((line) => line.statementId);
  const statuses = await Promise.all(ids.map((id) => statusOf(finance1, id)));
  check(
    `M6 its ${ids.length} statements are IN_TRANSFER`,
    statuses.every((status) => status === 'IN_TRANSFER'),
    statuses,
  );
  const again = await finance1.call('POST', BATCHES, { year, month });
  const bySecond = await finance2.call('POST', BATCHES, { year, month, statementIds: ids.slice(0, 2) });
  check(
    `M6 the month exported again: ${said(again)}; its statements by finance2@: ${said(bySecond)}`,
    again.status === 409 &&
      again.body?.code === 'SETTLEMENT_BATCH_EMPTY' &&
      bySecond.status === 409 &&
      bySecond.body?.code === 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
    { again, bySecond },
  );
  const early = await finance1.call('GET', `${BATCHES}/${batch.id}/file`);
  const ownRelease = await finance1.call('POST', `/api/admin/approvals/${batch.releaseApprovalId}/decision`, {
    decision: 'approve',
  });
  check(
    `M6 its file before a release: ${said(early)}; released by its maker: ${said(ownRelease)}`,
    early.status === 409 &&
      early.body?.code === 'TRANSFER_BATCH_NOT_RELEASED' &&
      ownRelease.status === 403 &&
      ownRelease.body?.code === 'OWN_REQUEST',
    { early, ownRelease },
  );
  const released = await finance2.call('POST', `/api/admin/approvals/${batch.releaseApprovalId}/decision`, {
    decision: 'approve',
  });
  // A retried approval answers the first run and runs nothing again, whoever retries it.
  const twice = await finance2.call('POST', `/api/admin/approvals/${batch.releaseApprovalId}/decision`, {
    decision: 'approve',
  });
  const executedSteps = ((twice.body?.history ?? []) as { step: string }[]).filter((step) => step.step === 'EXECUTED');
  const releasedBatch = (await finance1.call('GET', `${BATCHES}/${batch.id}`)).body as Batch & {
    releasedBy: { id: number } | null;
  };
  check(
    `M6 released by finance2@: ${said(released)} ${released.body?.status}; approved again: ${said(twice)}, ` +
      `${executedSteps.length} run; the batch ${releasedBatch.status} by ${releasedBatch.releasedBy?.id === finance2.id ? 'finance2@' : releasedBatch.releasedBy?.id}`,
    released.body?.status === 'EXECUTED' &&
      twice.body?.decidedBy === finance2.id &&
      executedSteps.length === 1 &&
      releasedBatch.status === 'RELEASED' &&
      releasedBatch.releasedBy?.id === finance2.id,
    { released: released.body, twice: twice.body, releasedBatch },
  );
  const downloads = await Promise.all(
    [finance1, finance2].map(async (who) => {
      const answer = await who.download(`${BATCHES}/${batch.id}/file`);
      return { status: answer.status, header: answer.headers.get('x-content-sha256'), sha: sha256(answer.bytes) };
    }),
  );
  check(
    `M6 downloaded by each: ${downloads.map((one) => `${one.status} ${one.sha.slice(0, 12)}…`).join(', ')}, the batch's ` +
      `hash ${batch.fileSha256.slice(0, 12)}…`,
    downloads.every((one) => one.status === 200 && one.sha === batch.fileSha256 && one.header === batch.fileSha256),
    downloads,
  );
  const paidByRequest = await finance2.call('POST', `/api/admin/approvals/${pay.id}/decision`, { decision: 'approve' });
  const result = paidByRequest.body?.result as { done: number[]; skipped: { statementId: number; reason: string }[] };
  const afterRequest = await Promise.all(ids.map((id) => statusOf(finance1, id)));
  check(
    `M6 the waiting request to mark the month paid, approved now: ${said(paidByRequest)} ${paidByRequest.body?.status}, ` +
      `paid ${result?.done?.length}, skipped ${result?.skipped?.length} (${tally(result?.skipped?.map((row) => row.reason) ?? [])}); none of the batch's (still ${[...new Set(afterRequest)].join(', ')})`,
    paidByRequest.body?.status === 'EXECUTED' &&
      !ids.some((id) => result.done.includes(id)) &&
      afterRequest.every((status) => status === 'IN_TRANSFER'),
    { result, afterRequest },
  );

  // The bank's result: an edited account, an edited amount, another batch's statement, then the true line.
  const [first, second] = batch.lines;
  if (!first || !second) {
    check('M6 the batch has two lines to answer for', false, batch.lines);
    return;
  }
  const otherBatch = (
    (await finance1.call('GET', `${BATCHES}?${filter({ status: 'CREATED' })}&range=[0,9]`)).body as { id: number }[]
  ).find((row) => row.id !== batch.id);
  const otherLine = otherBatch
    ? ((await finance1.call('GET', `${BATCHES}/${otherBatch.id}`)).body as Batch).lines[0]
    : undefined;
  const edited = `${first.bankAccountNumber!.slice(0, -4)}9999`;
  const csv = [
    '정산서번호,계좌번호,이체금액,처리결과',
    `${first.statementId},${edited},${first.amount},정상`,
    `${second.statementId},${second.bankAccountNumber},${second.amount + 10_000},정상`,
    ...(otherLine ? [`${otherLine.statementId},${otherLine.bankAccountNumber},${otherLine.amount},정상`] : []),
  ].join('\n');
  const transfer = { transferReference: `REVIEW5-M6-${run}`, transferDate: new Date().toISOString().slice(0, 10) };
  const recorded = await finance1.call('POST', `${BATCHES}/${batch.id}/results`, { csv, ...transfer });
  const problems = (recorded.body?.discrepancies ?? []) as {
    statementId: number;
    problem: string;
    expectedBankAccountNumber: string | null;
    bankAccountNumber: string | null;
  }[];
  const problemOf = (id: number | undefined) => problems.find((row) => row.statementId === id)?.problem;
  const accountRow = problems.find((row) => row.statementId === first.statementId);
  check(
    `M6 a result with an edited account, an edited amount${otherLine ? ", another batch's statement" : ''}: ` +
      `${said(recorded)}, paid ${recorded.body?.paid?.length}, ` +
      `${problems.map((row) => `${row.statementId} ${row.problem}`).join(', ')}; account shown ` +
      `${accountRow?.expectedBankAccountNumber} ≠ ${accountRow?.bankAccountNumber}`,
    recorded.status === 200 &&
      recorded.body?.paid?.length === 0 &&
      problemOf(first.statementId) === 'ACCOUNT_DIFFERS' &&
      accountRow?.bankAccountNumber === edited &&
      problemOf(second.statementId) === 'AMOUNT_DIFFERS' &&
      (!otherLine || problemOf(otherLine.statementId) === 'NOT_IN_BATCH'),
    recorded.body,
  );
  const untouched = await Promise.all(
    [first.statementId, second.statementId, ...(otherLine ? [otherLine.statementId] : [])].map((id) =>
      statusOf(finance1, id),
    ),
  );
  check(
    `M6 …nothing marked paid: ${untouched.join(', ')}`,
    untouched.every((status) => status === 'IN_TRANSFER'),
    untouched,
  );
  if (otherBatch) {
    const notReleased = await finance1.call('POST', `${BATCHES}/${otherBatch.id}/results`, {
      csv: `정산서번호,계좌번호,이체금액,처리결과\n${otherLine!.statementId},${otherLine!.bankAccountNumber},${otherLine!.amount},정상`,
      ...transfer,
    });
    check(
      `M6 the result of batch #${otherBatch.id}, not released: ${said(notReleased)}`,
      notReleased.status === 409 && notReleased.body?.code === 'TRANSFER_BATCH_NOT_RELEASED',
      notReleased,
    );
  }
  const trueLine = `정산서번호,계좌번호,이체금액,처리결과\n${first.statementId},${first.bankAccountNumber},${first.amount},정상`;
  const paid = await finance1.call('POST', `${BATCHES}/${batch.id}/results`, { csv: trueLine, ...transfer });
  const repeated = await finance1.call('POST', `${BATCHES}/${batch.id}/results`, { csv: trueLine, ...transfer });
  check(
    `M6 the true line of statement ${first.statementId}: paid ${paid.body?.paid?.join(',')} (${await statusOf(finance1, first.statementId)}); ` +
      `the same line again: ${(repeated.body?.discrepancies ?? []).map((row: { problem: string }) => row.problem).join(',')}`,
    paid.body?.paid?.length === 1 &&
      (await statusOf(finance1, first.statementId)) === 'PAID' &&
      repeated.body?.paid?.length === 0 &&
      repeated.body?.discrepancies?.[0]?.problem === 'ALREADY_SETTLED',
    { paid: paid.body, repeated: repeated.body },
  );
}

const finance1 = await Session.console(base, 'finance1@fanmission.local', PASSWORD);
const finance2 = await Session.console(base, 'finance2@fanmission.local', PASSWORD);
await cardChargeCashedOut(finance1);
await siblingHelpers(finance1, finance2);
await unapprovedNotExported(finance1);
await bankFileIsARecord(finance1, finance2);
await selfDeclaredBusiness(finance1);
checks.finish();
