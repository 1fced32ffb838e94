/**
 * Abuse recipes once reproduced over HTTP, replayed against a running product (`npm start` on a fresh demo world) with
 * the demo's published accounts:
 *
 *   node --import tsx tests/blackbox/review-4-recipes.ts [base URL, default http://127.0.0.1:8080]
 *
 * Each recipe prints one line, labelled as the finding it reproduced (M1.1 … L6): what the product answered, and `ok`
 * when that is what its fix says (`FAIL` otherwise).
 * Staff accounts one member makes himself never approve his requests, nor does deactivating colleagues bring back the
 * first team's exception; money coming in, a mispriced paid pack, free coins and refunds split under a threshold wait
 * for a second member past one day's allowance, and so do an operator's payout-rate changes; an operator's adult flag
 * stays until an operator clears it; a formula in a nickname reaches no statement CSV as a formula; a social sign-up is
 * asked for the terms; a lone UTF-16 surrogate is a 400 that runs nothing. The recipes that need no more than this
 * (money-alone.ts and money-authority.ts check each guarded route further) reuse the shared steps of
 * console-http.ts. A recipe that is not HTTP (the production configuration, the identity provider's code, the
 * database's erasure) prints the API test that holds it, and fails when that file is missing.
 *
 * The social sign-up needs the product to sign in with Google at a local authorization server this run starts:
 * `npm start` with PUBLIC_URL set to the base URL, OAUTH_GOOGLE_CLIENT_ID=blackbox-google,
 * OAUTH_GOOGLE_CLIENT_SECRET=blackbox-google-secret and OAUTH_GOOGLE_AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL at
 * http://127.0.0.1:8199/authorize, /token, /userinfo (BLACKBOX_OAUTH_PORT to choose another port). Without Google
 * configured, that line names its API test instead.
 *
 * It changes the demo world (requests, helpers, members, a renamed fan), so run it on a fresh one. Exits 1 when any
 * answer differs from its fix.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startLocalAuthorizationServer } from '../support/oauth';
import {
  allowanceUsed,
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
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A status and, when there is one, the error code: `403 STAFF_RELATED`. */
const said = (answer: Answer) => `${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ''}`;
/** Answers counted by what they said: `202 STAFF_DEACTIVATION ×4`. */
const tally = (answers: Answer[]) => {
  const words = answers.map((answer) => `${answer.status} ${answer.body?.kind ?? answer.body?.code ?? ''}`.trim());
  return [...new Set(words)].map((one) => `${one} ×${words.filter((other) => other === one).length}`).join(', ');
};
const decide = (checker: Session, id: number) =>
  checker.call('POST', `/api/admin/approvals/${id}/decision`, { decision: 'approve', note: 'black-box run' });
/** A setup step that must hold for the recipe to mean anything: throws (the run stops, exit 1) when it does not. */
function expectSetup(what: string, ok: boolean, detail: unknown): void {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(detail).slice(0, 400)}`);
}
/** A setup step's guarded action: a pending request of its kind; answers its id. */
function requested(what: string, answer: Answer, kind: string): number {
  expectSetup(what, answer.status === 202 && answer.body?.kind === kind && answer.body?.status === 'PENDING', answer);
  return answer.body.id as number;
}

const [admin, insider, colleague, operator] = await Promise.all([
  Session.console(base, 'admin@fanmission.local', 'fanmission-admin1'),
  Session.console(base, 'finance1@fanmission.local', PASSWORD),
  Session.console(base, 'finance2@fanmission.local', PASSWORD),
  Session.console(base, 'operator1@fanmission.local', PASSWORD),
]);
const fan = await Session.member(base, 'fan@fanmission.local', PASSWORD);
const sybil = await signUpMember(base, `r4-sybil-${run}@example.test`, 'r4-sybil-pass1');
const coinsOf = async (who: Session) =>
  (await colleague.call('GET', `/api/admin/users/${who.id}`)).body.coins as number;
const staffList = async () =>
  (await admin.call('GET', '/api/admin/staff?range=[0,99]')).body as { id: number; roles: string[]; active: boolean }[];
const bonusItem = (
  (await colleague.call('GET', `/api/admin/coin-items?${filter({ itemType: 'BONUS' })}&range=[0,99]`)).body as {
    id: number;
    point: number;
  }[]
).find((item) => item.point === 1_500)!;
/** A grant of the demo's 1,500-coin BONUS item to the sybil: above the limit, so a request. */
const grantToSybil = (maker: Session, key: string) =>
  maker.call(
    'POST',
    '/api/admin/bonus-grants',
    { coinItemId: bonusItem.id, reason: 'promo', budgetCoins: 100_000, recipients: { userIds: [sybil.id] } },
    { 'idempotency-key': `r4-${run}-${key}` },
  );
/** Invites a console member (finance unless `roles` says) as `maker`, approved by `checker`: his console session. */
async function invited(maker: Session, checker: Session, name: string, roles = ['ROLE_FINANCE']): Promise<Session> {
  const email = `r4-${name}-${run}@example.test`;
  const invitation = requested(
    `${maker.email} invites ${email}`,
    await maker.call('POST', '/api/admin/staff', { email, roles }),
    'STAFF_INVITATION',
  );
  const approved = await decide(checker, invitation);
  expectSetup(`${checker.email} approves the invitation of ${email}`, approved.body?.status === 'EXECUTED', approved);
  return await joinStaff(base, email, `r4-${name}-pass1`);
}

// ---- Helper accounts one staff member makes himself -----------------------------------------------------------------

const sybilCoins = await coinsOf(sybil);
const helper = await invited(insider, colleague, 'helper');
const helperGrant = requested(
  'the helper asks a 1,500-coin grant',
  await grantToSybil(helper, 'helper'),
  'BONUS_GRANT',
);
const byInviter = await decide(insider, helperGrant);
const byApprover = await decide(colleague, helperGrant);
check(
  `M1.1 reverse direction: finance1@ approving his helper's grant → ${said(byInviter)}, finance2@ (who approved the ` +
    `helper) → ${said(byApprover)}; fix: 403 STAFF_RELATED for both, nothing credited`,
  byInviter.body?.code === 'STAFF_RELATED' &&
    byApprover.body?.code === 'STAFF_RELATED' &&
    (await coinsOf(sybil)) === sybilCoins,
  { byInviter, byApprover },
);

const chainEmail = `r4-helper-y-${run}@example.test`;
const chainInvitation = requested(
  'the helper invites a second helper',
  await helper.call('POST', '/api/admin/staff', { email: chainEmail, roles: ['ROLE_FINANCE'] }),
  'STAFF_INVITATION',
);
const chainByInviter = await decide(insider, chainInvitation);
// The chain exists all the same once an unrelated member approves the invitation.
const chainApproved = await decide(admin, chainInvitation);
expectSetup('the first account approves the second helper', chainApproved.body?.status === 'EXECUTED', chainApproved);
const helperY = await joinStaff(base, chainEmail, 'r4-helper-y-pass1');
const insiderGrant = requested(
  'finance1@ asks a 1,500-coin grant',
  await grantToSybil(insider, 'insider'),
  'BONUS_GRANT',
);
const byChain = await decide(helperY, insiderGrant);
check(
  `M1.2 chain: finance1@ approving his helper's invitation → ${said(chainByInviter)}; the helper's helper approving ` +
    `finance1@'s grant → ${said(byChain)}; fix: 403 STAFF_RELATED for both`,
  chainByInviter.body?.code === 'STAFF_RELATED' &&
    byChain.body?.code === 'STAFF_RELATED' &&
    (await coinsOf(sybil)) === sybilCoins,
  { chainByInviter, byChain },
);

const financeHolders = (await staffList()).filter(
  (member) => member.id !== admin.id && member.active && member.roles.includes('ROLE_FINANCE'),
);
const deactivations = await Promise.all(
  financeHolders.map((member) => admin.call('PUT', `/api/admin/staff/${member.id}`, { active: false })),
);
const alone = await admin.call('POST', '/api/admin/staff', {
  email: `r4-helper-b-${run}@example.test`,
  roles: ['ROLE_FINANCE'],
});
const stillActive = (await staffList()).filter((member) => financeHolders.some((holder) => holder.id === member.id));
check(
  `M1.3 the first account deactivating the ${financeHolders.length} other finance holders → ` +
    `${tally(deactivations)}; then ` +
    `inviting a helper → ${alone.status} ${alone.body?.kind ?? alone.body?.code}; fix: every one a pending request ` +
    '(202), nobody deactivated, no "first team" invitation at once',
  financeHolders.length >= 3 &&
    deactivations.every((answer) => answer.status === 202 && answer.body?.kind === 'STAFF_DEACTIVATION') &&
    alone.status === 202 &&
    alone.body?.kind === 'STAFF_INVITATION' &&
    stillActive.every((member) => member.active),
  { deactivations, alone, stillActive },
);

const bothRoles = await invited(admin, colleague, 'both', ['ROLE_OPERATOR', 'ROLE_FINANCE']);
const everyoneElse = (await staffList()).filter((member) => member.id !== bothRoles.id && member.active);
const lockOut = await Promise.all(
  everyoneElse.map((member) => bothRoles.call('PUT', `/api/admin/staff/${member.id}`, { active: false })),
);
const activeAfter = (await staffList()).filter((member) => everyoneElse.some((other) => other.id === member.id));
check(
  `M1.3b a member invited with both roles deactivating all ${everyoneElse.length} other staff accounts (the first ` +
    `account included) → ${tally(lockOut)}; ` +
    'fix: each a pending request (202), every account still active',
  everyoneElse.some((member) => member.id === admin.id) &&
    lockOut.every((answer) => answer.status === 202 && answer.body?.kind === 'STAFF_DEACTIVATION') &&
    activeAfter.every((member) => member.active),
  { lockOut, activeAfter },
);

// ---- Money coming in, and anything under a threshold ----------------------------------------------------------------

const mispriced = await insider.call('POST', '/api/admin/coin-items', {
  itemType: 'CASH',
  name: `r4-${run}`,
  point: 1_000_000,
  price: 1_000,
  usdPrice: 1,
  active: true,
  sortOrder: 9_999,
});
check(
  `M2a a CASH item of 1,000,000 coins for 1,000 won → ${said(mispriced)} on ` +
    `${mispriced.body?.subErrors?.map((error: { field: string }) => error.field).join(', ')}; fix: 400 on price (the ` +
    "catalogue's rate), nothing for sale",
  mispriced.status === 400 && mispriced.body?.subErrors?.[0]?.field === 'price',
  mispriced,
);

const packs = await cashItems(colleague);
const largestPack = packs.filter((item) => item.point === 1_000).sort((a, b) => a.id - b.id)[0]!;
const fictitious = await askBankDeposit(sybil, largestPack.id);
const confirmed = await insider.call('PUT', `/api/admin/bank-transfers/${fictitious}`, { status: 'paid' });
const transfer = (await colleague.call('GET', `/api/admin/bank-transfers/${fictitious}`)).body;
const refundOfNothing = await sybil.call('POST', '/api/v1/users/me/coins/partial-refund', {
  bankAccount: { bankName: 'KB국민은행', bankAccountHolder: '사이빌', bankAccountNumber: '12345678901234' },
});
check(
  `M2b a 100,000-won bank deposit nobody made, confirmed by finance1@ alone → ${confirmed.status} ` +
    `${confirmed.body?.kind ?? confirmed.body?.code}, the transfer ${transfer.status}; the refund of its coins → ` +
    `${said(refundOfNothing)}; fix: a pending BANK_DEPOSIT_CONFIRM, nothing credited, nothing to refund`,
  confirmed.status === 202 &&
    confirmed.body?.kind === 'BANK_DEPOSIT_CONFIRM' &&
    transfer.status === 'ready' &&
    refundOfNothing.status === 409 &&
    (await coinsOf(sybil)) === sybilCoins,
  { confirmed, transfer, refundOfNothing },
);

const fanCoins = await coinsOf(fan);
const thousand = await insider.call('POST', '/api/admin/coin-items', {
  itemType: 'BONUS',
  name: `r4-1000-${run}`,
  point: 1_000,
  price: 0,
  usdPrice: 0,
  active: false,
});
expectSetup('a 1,000-coin BONUS item is added at once', thousand.status === 200, thousand);
const splitGrants: number[] = [];
for (let turn = 1; turn <= 5; turn++) {
  const answer = await insider.call(
    'POST',
    '/api/admin/bonus-grants',
    { coinItemId: thousand.body.id, reason: 'promo', budgetCoins: 1_000, recipients: { userIds: [fan.id] } },
    { 'idempotency-key': `r4-${run}-split-${turn}` },
  );
  splitGrants.push(answer.status);
}
const fanGained = (await coinsOf(fan)) - fanCoins;
check(
  `M2c five 1,000-coin grants by finance1@ alone → ${splitGrants.join(', ')}, the fan +${fanGained} coins; fix: one ` +
    'runs (his day’s FREE_COINS allowance), the rest wait (202), +1,000 coins',
  JSON.stringify(splitGrants) === JSON.stringify([200, 202, 202, 202, 202]) && fanGained === 1_000,
  { splitGrants, fanGained },
);

// Two members each buy the 1,000-coin pack at the card sandbox and ask for their coins back (97,000 won each).
const refunds: { id: number; amount: number }[] = [];
for (const turn of [1, 2]) {
  const member = await signUpMember(base, `r4-refund-${turn}-${run}@example.test`, 'r4-refund-pass1');
  await buyAtSandbox(member, largestPack.id);
  const asked = await member.call('POST', '/api/v1/users/me/coins/partial-refund', {
    bankAccount: { bankName: 'KB국민은행', bankAccountHolder: '환불회원', bankAccountNumber: '12345678901234' },
  });
  expectSetup('a partial refund of a sandbox charge', asked.status === 200, asked);
  refunds.push(asked.body);
}
const markedPaid = [];
for (const refund of refunds) {
  markedPaid.push(
    await insider.call('PUT', `/api/admin/coin-refunds/${refund.id}`, { status: 'paid', note: 'black-box run' }),
  );
}
const moneyOut = (await allowanceUsed(insider)).MONEY_OUT_WON;
check(
  `M2 refund split: refunds of ${refunds.map((refund) => refund.amount).join(' and ')} won marked paid by finance1@ ` +
    `→ ${markedPaid.map((answer) => `${answer.status} ${answer.status === 202 ? answer.body?.kind : answer.body?.status}`).join(', ')}, ` +
    `${moneyOut} won of his allowance used; fix: the first alone, the next a pending MANUAL_REFUND`,
  refunds.every((refund) => refund.amount === 97_000) &&
    markedPaid[0]?.status === 200 &&
    markedPaid[1]?.status === 202 &&
    markedPaid[1]?.body?.kind === 'MANUAL_REFUND' &&
    moneyOut === 97_000,
  { refunds, markedPaid, moneyOut },
);

const gameking = (await operator.call('GET', `/api/admin/creators?${filter({ q: 'gameking' })}`)).body[0] as {
  id: number;
};
const gradeBefore = (await operator.call('GET', `/api/admin/creators/${gameking.id}`)).body.grade as string;
const gradeChange = await operator.call('PUT', `/api/admin/creators/${gameking.id}`, {
  grade: gradeBefore === 'DIAMOND' ? 'GOLD' : 'DIAMOND',
});
const proposal = (
  (await operator.call('GET', `/api/admin/grade-proposals?${filter({ status: 'PROPOSED' })}&range=[0,99]`)).body as {
    id: number;
    creatorId: number;
    proposedGrade: string;
  }[]
).find((row) => row.creatorId !== gameking.id)!;
const override = await operator.call('PUT', `/api/admin/grade-proposals/${proposal.id}`, {
  grade: proposal.proposedGrade === 'DIAMOND' ? 'GOLD' : 'DIAMOND',
});
const penalty = (
  (await operator.call('GET', `/api/admin/creator-penalties?${filter({ lifted: false })}&range=[0,9]`)).body as {
    id: number;
  }[]
)[0]!;
const lift = await operator.call('PUT', `/api/admin/creator-penalties/${penalty.id}`, { liftNote: 'black-box run' });
const gradeAfter = (await operator.call('GET', `/api/admin/creators/${gameking.id}`)).body.grade as string;
const penaltyAfter = (await operator.call('GET', `/api/admin/creator-penalties/${penalty.id}`)).body;
check(
  `M2 payout rate: operator1@ alone changing a grade → ${gradeChange.status} ${gradeChange.body?.kind}, confirming ` +
    `another grade than proposed → ${override.status} ${override.body?.kind}, lifting a penalty → ${lift.status} ` +
    `${lift.body?.kind}; fix: each a pending request a finance member approves, nothing changed`,
  gradeChange.status === 202 &&
    gradeChange.body?.kind === 'CREATOR_GRADE_CHANGE' &&
    override.status === 202 &&
    override.body?.kind === 'GRADE_PROPOSAL_OVERRIDE' &&
    lift.status === 202 &&
    lift.body?.kind === 'CREATOR_PENALTY_LIFT' &&
    gradeAfter === gradeBefore &&
    penaltyAfter.liftedAt === null,
  { gradeChange, override, lift, gradeAfter, penaltyAfter },
);

// ---- A creator clearing the adult flag an operator set --------------------------------------------------------------

const night = await Session.member(base, 'night@fanmission.local', PASSWORD);
const nightCreator = (await night.call('GET', '/api/v1/creators/me')).body as {
  id: number;
  name: string;
  url: string;
  description: string | null;
  tags: { id: number }[];
  snsLinks: { type: string; link: string }[];
  businessType: string | null;
  businessCashReceiptNumber: string | null;
};
const flagged = await operator.call('PUT', `/api/admin/creators/${nightCreator.id}`, {
  containAdultContent: true,
  adultReason: '소개 영상에 노출 장면이 있습니다',
});
expectSetup("operator1@ flags night@'s creator as adult", flagged.status === 200, flagged);
const cleared = await night.call('PUT', `/api/v1/creators/${nightCreator.id}`, {
  name: nightCreator.name,
  tags: nightCreator.tags.map((tag) => tag.id),
  snsLinks: nightCreator.snsLinks,
  description: nightCreator.description,
  containAdultContent: false,
  url: nightCreator.url,
  businessType: nightCreator.businessType ?? 'NONE',
  businessCashReceiptNumber: nightCreator.businessCashReceiptNumber ?? '01012345678',
});
const page = await fetch(`${base}/api/v1/creators/${nightCreator.id}`);
const hisMissions = (
  (
    await operator.call(
      'GET',
      `/api/admin/missions?${filter({ creatorId: nightCreator.id, status: 'COMPLETED' })}&range=[0,199]`,
    )
  ).body as { id: number }[]
).map((mission) => mission.id);
const oneMission = hisMissions.length > 0 ? (await fetch(`${base}/api/v1/missions/${hisMissions[0]}`)).status : null;
const feed = (await (await fetch(`${base}/api/v1/missions/page?status=COMPLETED&size=100`)).json()) as {
  content: { id: number }[];
};
const inFeed = feed.content.filter((mission) => hisMissions.includes(mission.id)).length;
const inConsole = (await operator.call('GET', `/api/admin/creators/${nightCreator.id}`)).body;
check(
  `M3 the creator saving his profile with the operator's adult flag off → ${cleared.status} ` +
    `(flag ${cleared.body?.containAdultContent}, clearing pending ${cleared.body?.adultContentClearPending}); his page → ` +
    `${page.status}, his completed mission → ${oneMission}, ${inFeed} of his missions in the public feed; fix: the ` +
    'flag stays on until an operator accepts (the console shows the request), everything stays behind the gate (401)',
  cleared.status === 200 &&
    cleared.body?.containAdultContent === true &&
    cleared.body?.adultContentClearPending === true &&
    page.status === 401 &&
    hisMissions.length > 0 &&
    oneMission === 401 &&
    inFeed === 0 &&
    inConsole.containAdultContent === true &&
    typeof inConsole.adultClearRequestedAt === 'string',
  { cleared, page: page.status, oneMission, inFeed, inConsole },
);

// ---- A formula in a nickname and the statement CSVs -----------------------------------------------------------------

/** A CSV's cells, unquoted (RFC 4180, the byte order mark dropped). */
function csvCells(text: string): string[] {
  const cells: string[] = [];
  const pattern = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,\r\n]*))/g;
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    for (const match of line.matchAll(pattern)) cells.push(match[1]?.replaceAll('""', '"') ?? match[2] ?? '');
  }
  return cells;
}
const FORMULA = '=HYPERLINK("http://ev.il","x")';
const creator = await Session.member(base, 'creator@fanmission.local', PASSWORD);
const statement = (
  (await creator.call('GET', '/api/v1/creators/me/incomes/page?size=12')).body.content as { id: number }[]
)[0]!;
/** A CSV download: its status and text (the session's answer keeps a body that is not JSON as text). */
const csvOf = async (who: Session, path: string) => {
  const answer = await who.call('GET', path);
  return { status: answer.status, text: typeof answer.body === 'string' ? answer.body : '' };
};
const creatorCsvPath = `/api/v1/creators/me/incomes/${statement.id}/csv`;
// The CSV's mission lines follow the header line that names the requester column (신청자 in Korean).
const beforeCells = (await csvOf(creator, creatorCsvPath)).text
  .replace(/^\uFEFF/, '')
  .split('\r\n')
  .map(csvCells);
const header = beforeCells.findIndex((cells) => cells.includes('신청자'));
const requesterColumn = beforeCells[header]?.indexOf('신청자') ?? -1;
const requesterNames = [...new Set(beforeCells.slice(header + 1).map((cells) => cells[requesterColumn]))];
/** The first requester on the statement who signs in with the demo password (a world member, or the demo fan). */
async function signedInRequester(): Promise<Session | undefined> {
  for (const name of requesterNames.filter((one): one is string => !!one)) {
    const users = (await colleague.call('GET', `/api/admin/users?${filter({ q: name })}&range=[0,9]`)).body as {
      email: string | null;
      username: string;
    }[];
    const email = users.find((user) => user.username === name)?.email;
    if (email) return await Session.member(base, email, PASSWORD).catch(() => undefined);
  }
  return undefined;
}
const renamer = await signedInRequester();
expectSetup('a requester on the creator’s latest statement who signs in', !!renamer, { requesterNames, header });
const renamed = await renamer!.call('PUT', `/api/v1/users/${renamer!.id}`, { username: FORMULA });
const creatorCsv = await csvOf(creator, creatorCsvPath);
const financeCsv = await csvOf(insider, `/api/admin/settlements/${statement.id}/csv`);
const formulaCells = [creatorCsv, financeCsv].flatMap((csv) =>
  csvCells(csv.text).filter((cell) => /^[=+\-@\t\r]/.test(cell)),
);
const escaped = [creatorCsv, financeCsv].every((csv) => csvCells(csv.text).includes(`'${FORMULA}`));
check(
  `L1 a requester renamed to ${FORMULA} → ${renamed.status}; the creator's and finance's statement CSVs → ` +
    `${creatorCsv.status}, ${financeCsv.status} with ${formulaCells.length} formula cells, the name written ` +
    `${escaped ? "as text ('=…)" : 'as it is'}; fix: no cell starts with = + - @ tab or CR`,
  renamed.status === 200 &&
    creatorCsv.status === 200 &&
    financeCsv.status === 200 &&
    formulaCells.length === 0 &&
    escaped,
  { renamed, formulaCells },
);

// ---- A social sign-up and the terms ---------------------------------------------------------------------------------

const providers = (await (await fetch(`${base}/api/v1/auth/providers`)).json()) as { google: boolean };
if (providers.google) {
  check(...(await socialSignUp()));
} else {
  testCovers(
    'L2 a social sign-up asked for consent (no social sign-in configured here)',
    'services/src/users/social-consent.test.ts',
  );
}

/** A Google sign-up at the local authorization server, then the consent the new member is asked for. */
async function socialSignUp(): Promise<[string, boolean, unknown]> {
  const port = Number(process.env.BLACKBOX_OAUTH_PORT ?? 8199);
  const google = await startLocalAuthorizationServer(
    { clientId: 'blackbox-google', clientSecret: 'blackbox-google-secret' },
    { port },
  );
  try {
    google.signInAs({ sub: `r4-${run}`, email: `r4-social-${run}@example.test`, email_verified: true, name: 'Social' });
    const clientState = `r4-state-${run}-0123456789abcdef`;
    const returnPage = `${base}/sns-login/return`;
    const start = await fetch(
      `${base}/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(returnPage)}&client_state=${clientState}`,
      { redirect: 'manual' },
    );
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = await fetch(atProvider.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
    const landing = new URL(back.headers.get('location')!);
    const code = new URLSearchParams(landing.hash.slice(1)).get('login_code');
    const exchanged = await fetch(`${base}/api/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, client_state: clientState }),
    });
    const authorization = exchanged.headers.get('authorization');
    const member = Session.withToken(base, 'social', ((await exchanged.json()) as { id: number }).id, authorization!);
    const consent = await member.call('GET', '/api/v1/users/me/terms-consent');
    const kinds = ((consent.body?.pending ?? []) as { kind: string }[]).map((version) => version.kind).sort();
    const change = await member.call('PUT', `/api/v1/users/${member.id}`, { username: `social${run % 100_000}` });
    return [
      `L2 a Google sign-up (local authorization server) → ${exchanged.status}; the terms asked of him: ` +
        `${kinds.join(', ') || 'none'}; his first change → ${said(change)}; fix: privacy and terms pending, changes ` +
        '403 TERMS_NOT_ACCEPTED until he accepts',
      exchanged.status === 200 &&
        JSON.stringify(kinds) === JSON.stringify(['privacy', 'terms']) &&
        change.body?.code === 'TERMS_NOT_ACCEPTED',
      { start: start.status, back: back.status, landing: landing.href, consent, change },
    ];
  } finally {
    await google.close();
  }
}

// ---- Recipes that are not HTTP, held by API tests -------------------------------------------------------------------

/** A recipe that is not HTTP: the API test that holds it, which must exist. */
function testCovers(recipe: string, testFile: string): void {
  check(
    `${recipe}: not replayable over HTTP; covered by ${testFile}`,
    existsSync(`${repositoryRoot}${testFile}`),
    testFile,
  );
}
testCovers(
  'L3 production accepting IDENTITY_VERIFICATION_PROVIDER=sandbox (a configuration check)',
  'services/src/identity-verification/production.test.ts',
);
testCovers(
  "L4 a PortOne identity check not bound to its member (the provider's code)",
  'services/src/identity-verification/binding.test.ts',
);

// ---- Lone UTF-16 surrogates -----------------------------------------------------------------------------------------

const publicMission = feed.content[0]!.id;
const commentsBefore = (await fan.call('GET', `/api/v1/missions/${publicMission}`)).body?.commentsCount;
const comment = await fan.call('POST', `/api/v1/missions/${publicMission}/comments`, { content: '\ud800' });
const commentsAfter = (await fan.call('GET', `/api/v1/missions/${publicMission}`)).body?.commentsCount;
check(
  `L5 a comment of a lone surrogate → ${said(comment)} on ` +
    `${comment.body?.subErrors?.map((error: { field: string }) => error.field).join(', ')}; fix: 400 naming the ` +
    'field, nothing written (was 500)',
  comment.status === 400 && comment.body?.subErrors?.[0]?.field === 'content' && commentsAfter === commentsBefore,
  { comment, commentsBefore, commentsAfter },
);

const drawing = (
  (await operator.call('GET', `/api/admin/mission-products?${filter({ type: 'EVENT' })}&range=[0,99]`)).body as {
    id: number;
    eventStatus: string | null;
  }[]
).find((product) => product.eventStatus === 'DRAWING')!;
const draw = await operator.call('POST', `/api/admin/lottery-events/${drawing.id}/draw`, { reason: 'policy \ud800' });
const eventAfter = (
  (await operator.call('GET', `/api/admin/mission-products/${drawing.id}`)).body as { eventStatus: string }
).eventStatus;
const audit = (
  await operator.call(
    'GET',
    `/api/admin/audit-log?${filter({ resource: 'lottery-events', resourceId: String(drawing.id) })}&range=[0,9]`,
  )
).body as { statusCode: number; action: string }[];
check(
  `L5 drawing lottery event ${drawing.id} with a reason holding a lone surrogate → ${said(draw)}; the event ` +
    `${eventAfter}; its audit rows: ${audit.map((row) => row.statusCode).join(', ') || 'none'}; fix: 400 before ` +
    'anything runs, still DRAWING, no row of a failed (500) draw',
  draw.status === 400 &&
    draw.body?.subErrors?.[0]?.field === 'reason' &&
    eventAfter === 'DRAWING' &&
    audit.every((row) => row.statusCode < 500),
  { draw, eventAfter, audit },
);

// ---- Another recipe that is not HTTP --------------------------------------------------------------------------------

testCovers(
  "L6 legal retention missing the approval queue's personal data (the database)",
  'services/src/retention/approval-erasure.test.ts',
);

checks.finish();
