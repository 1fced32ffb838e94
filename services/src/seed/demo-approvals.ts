import { type CreatorGrade, DAY_MS, koreaMonthOf, previousMonth, type Role } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { Caller } from '../auth';
import {
  cancelOrRequestApproval,
  getRefundRequest,
  markRefundPaidOrRequestApproval,
  refundAtProviderOrRequestApproval,
  refundHeldCoins,
} from '../coin-history';
import { grantBonusItem } from '../coins';
import type { ServiceContext } from '../context';
import { inviteOrRequestApproval, saveCoinItemOrRequestApproval, updateOrRequestApproval } from '../console';
import {
  businessRegistryFor,
  changePayoutAccountAsFinance,
  requestBusinessVerification,
  SANDBOX_BUSINESS_REGISTRATIONS,
  updateCreatorOrRequestGradeChange,
} from '../creators';
import {
  confirmGradeProposalOrRequestApproval,
  createTransferBatch,
  decideStatement,
  proposeMonthlyGrades,
  requestStatementBatch,
} from '../income';
import { liftPenaltyOrRequestApproval, penalizeCreator } from '../missions';
import {
  decideBankTransfer,
  decideBankTransferOrRequestApproval,
  purchaseAtSandbox,
  requestBankTransfer,
} from '../payments';
import { DEMO_STAFF } from './demo-accounts';
import { DEMO_PRODUCTS } from './demo-catalog';

const DEMO_BONUS_ITEM = '데모 대량 무료 코인';
const DEMO_NEW_BONUS_ITEM = '데모 신규 가입 축하 코인';
const DEMO_LARGE_PACK = '3000 코인 연말 패키지 (판매 종료)';
const DEMO_DISCOUNT_PACK = '100 코인 첫 충전 할인';

/**
 * The demo's approvals queue (docs/operations.md, The approval queue): finance1@ has asked for a free-coin grant
 * above the limit, to add a BONUS coin item above it, for a change of a creator's payout account, to verify the
 * business registration skydance declares (the registry sandbox's individual business), to invite a third
 * finance member, to pay two members' refunds above the limit (one by hand, one through the card provider), to cancel a
 * member's charge above it and, where the demo world has such statements, to approve an issued statement, to pay an
 * approved one and to release a held one, to approve a month's issued statements and to pay a month's approved ones as
 * batches, to confirm a bank deposit beyond his daily allowance and to add a discounted paid coin item; finance2@ finds
 * them waiting. The first console account (both roles) has asked to give operator1@ the finance role, which either
 * finance member may approve; operator1@ has asked to change a creator's grade (his payout rate), to lift a penalty
 * and to confirm a grade proposal with another grade, which a finance member approves.
 * Made through the same service calls as the console, once (a database with any request is left alone).
 */
export async function seedDemoApprovals(ctx: ServiceContext): Promise<void> {
  const any = await ctx.db.selectFrom('staff_approval_requests').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const people = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'roles'])
    .where('email', 'in', [DEMO_STAFF.financeMaker, 'fan@fanmission.local'])
    .execute();
  const maker = people.find((row) => row.email === DEMO_STAFF.financeMaker);
  const fan = people.find((row) => row.email === 'fan@fanmission.local');
  const creator = await ctx.db.selectFrom('creators').select('id').where('url', '=', 'starlight').executeTakeFirst();
  if (!maker || !fan || !creator) return;
  const caller = { id: maker.id, roles: maker.roles as Role[], creatorId: null };
  const item =
    (await ctx.db
      .selectFrom('coin_items')
      .select('id')
      .where('item_type', '=', 'BONUS')
      .where('name', '=', DEMO_BONUS_ITEM)
      .executeTakeFirst()) ??
    (await ctx.db
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: DEMO_BONUS_ITEM, point: 1_500, price: 0, usd_price: '0', active: false })
      .returning('id')
      .executeTakeFirstOrThrow());
  await grantBonusItem(
    ctx,
    caller,
    { coinItemId: item.id, reason: '데모: 첫 충전 감사 이벤트', budgetCoins: 1_500, recipients: { userIds: [fan.id] } },
    'demo-approval-bonus-grant',
  );
  await saveCoinItemOrRequestApproval(ctx, caller, null, {
    itemType: 'BONUS',
    name: DEMO_NEW_BONUS_ITEM,
    point: 2_000,
    price: 0,
    discount: 0,
    usdPrice: 0,
    active: false,
    sortOrder: 0,
  });
  const reason = '데모: 크리에이터가 고객센터로 계좌 변경을 요청(본인 확인 완료)';
  await changePayoutAccountAsFinance(
    ctx,
    creator.id,
    { bankName: '카카오뱅크', bankAccountHolder: '별빛', bankAccountNumber: '3333000000001', reason },
    { actor: caller, ip: null, requestId: 'demo-seed', reason },
  );
  await seedBusinessVerification(ctx, caller);
  await inviteOrRequestApproval(ctx, caller, { email: 'finance3@fanmission.local', roles: ['ROLE_FINANCE'] }, 'ko');
  const statementOf = (status: 'ISSUED' | 'APPROVED', held: boolean) =>
    ctx.db
      .selectFrom('settlement_statements')
      .select('id')
      .where('status', '=', status)
      .where('payout_held', '=', held)
      .where('hold_released_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const issued = await statementOf('ISSUED', false);
  if (issued) await decideStatement(ctx, caller, issued.id, { action: 'approve' });
  const approved = await statementOf('APPROVED', false);
  if (approved) {
    await decideStatement(ctx, caller, approved.id, {
      action: 'pay',
      transferReference: 'DEMO-TRANSFER-0001',
      transferDate: ctx.now().toISOString().slice(0, 10),
    });
  }
  const held = await statementOf('ISSUED', true);
  if (held) {
    await decideStatement(ctx, caller, held.id, { action: 'release', note: '데모: 등록된 연락처로 본인 확인 완료' });
  }
  await seedStatementBatches(ctx, caller);
  await seedRefundsAboveLimit(ctx, caller);
  await seedMoneyIn(ctx, caller, fan.id);
  await seedRoleGrant(ctx);
  await seedPayoutRateChanges(ctx);
}

/**
 * skydance has declared himself an individual business (개인사업자) with the registry sandbox's number; finance1@ asks to
 * verify it: until finance2@ approves, his statements are withheld 3.3 % like any individual's. Without a registry
 * (production) nothing is asked.
 */
async function seedBusinessVerification(ctx: ServiceContext, caller: Caller): Promise<void> {
  if (!businessRegistryFor(ctx.config)) return;
  const declared = await ctx.db
    .updateTable('creators')
    .set({
      business_type: 'PRIVATE',
      business_name: null,
      business_registration_number: SANDBOX_BUSINESS_REGISTRATIONS.activePrivate.number,
      business_cash_receipt_number: null,
    })
    .where('url', '=', 'skydance')
    .returning('id')
    .executeTakeFirst();
  if (!declared) return;
  await requestBusinessVerification(ctx, caller, declared.id, '데모: 사업자등록증 사본 확인, 국세청 상태 계속사업자');
}

/**
 * The monthly run in batches: finance1@ asks to approve the newest month with issued statements as one request, and
 * to mark the newest month with approved ones paid with the bank's bulk transfer; finance2@ reads each batch's list.
 */
async function seedStatementBatches(ctx: ServiceContext, caller: Caller): Promise<void> {
  const monthOf = (status: 'ISSUED' | 'APPROVED') =>
    ctx.db
      .selectFrom('settlement_statements')
      .select(['year', 'month'])
      .where('status', '=', status)
      .where('payout_held', '=', false)
      .orderBy('year', 'desc')
      .orderBy('month', 'desc')
      .executeTakeFirst();
  const issued = await monthOf('ISSUED');
  if (issued) await requestStatementBatch(ctx, caller, { action: 'approve', year: issued.year, month: issued.month });
  const approved = await monthOf('APPROVED');
  if (approved) {
    await requestStatementBatch(ctx, caller, {
      action: 'pay',
      year: approved.year,
      month: approved.month,
      transferReference: 'DEMO-BULK-0001',
      transferDate: ctx.now().toISOString().slice(0, 10),
    });
  }
  // The bank's way: a numbered transfer batch of a few approved statements of the oldest such month (none of the
  // demo creators', whose three months the README describes), waiting for finance2@'s release before its file can be
  // downloaded.
  const demoCreators = DEMO_PRODUCTS.map((creator) => creator.url);
  const statements = await ctx.db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as c', 'c.id', 's.creator_id')
    .select(['s.id', 's.year', 's.month'])
    .where('s.status', '=', 'APPROVED')
    .where('s.payout_held', '=', false)
    .where('c.url', 'not in', demoCreators)
    .orderBy('s.year')
    .orderBy('s.month')
    .orderBy('s.id')
    .limit(3)
    .execute();
  const first = statements[0];
  if (!first) return;
  const sameMonth = statements.filter((row) => row.year === first.year && row.month === first.month);
  await createTransferBatch(ctx, caller, {
    year: first.year,
    month: first.month,
    statementIds: sameMonth.map((row) => row.id),
  });
}

/**
 * Money coming in: a member asked to pay the largest pack (100,000 won) by bank deposit, and finance1@ confirms it,
 * beyond what he may confirm alone in a day; he also asks to add a discounted paid coin item (100 coins for 9,000 won,
 * a 1,000-won discount written out). Both wait for finance2@.
 */
async function seedMoneyIn(ctx: ServiceContext, finance: Caller, fanId: number): Promise<void> {
  const item = await largestCashItem(ctx);
  const transfer = await requestBankTransfer(
    ctx,
    fanId,
    {
      coinItemId: item.id,
      userId: fanId,
      depositorName: '팬하나',
      depositorPhone: '01055551234',
      receiptType: 'PHONE',
    },
    'demo-deposit-to-confirm',
  );
  await decideBankTransferOrRequestApproval(ctx, finance, transfer.id, {
    status: 'paid',
    note: '데모: 통장 입금 확인',
  });
  await saveCoinItemOrRequestApproval(ctx, finance, null, {
    itemType: 'CASH',
    name: DEMO_DISCOUNT_PACK,
    point: 100,
    price: 9_000,
    discount: 1_000,
    usdPrice: 7.2,
    active: false,
    sortOrder: 50,
  });
}

/**
 * A creator's payout rate: operator1@ asks to change skydance's grade (one step up, or down from the top), to lift the
 * oldest penalty still standing, and to confirm cookingbear's grade proposal with a grade one step above the proposed
 * one (down from the top); a finance member approves each. The demo world's generator writes no penalty and no
 * proposal: the world's latest missed perform deadline is penalised as the mission workflow does, and last month's
 * grade review proposed as the settlement run does, where none stands yet.
 */
async function seedPayoutRateChanges(ctx: ServiceContext): Promise<void> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('email', '=', DEMO_STAFF.operatorMaker)
    .executeTakeFirst();
  const creator = await ctx.db
    .selectFrom('creators')
    .select(['id', 'grade'])
    .where('url', '=', 'skydance')
    .executeTakeFirst();
  if (!row || !creator) return;
  const operator: Caller = { id: row.id, roles: row.roles as Role[], creatorId: null };
  await updateCreatorOrRequestGradeChange(ctx, operator, creator.id, { grade: anotherGrade(creator.grade) });
  await seedPenaltyLift(ctx, operator);
  await seedGradeProposalOverride(ctx, operator);
}

/** One step up, or down from the top. */
const anotherGrade = (grade: CreatorGrade): CreatorGrade =>
  grade === 'DIAMOND' ? 'GOLD' : grade === 'SILVER' ? 'GOLD' : 'DIAMOND';

async function seedPenaltyLift(ctx: ServiceContext, operator: Caller): Promise<void> {
  const oldestStanding = () =>
    ctx.db
      .selectFrom('creator_penalties')
      .select('id')
      .where('lifted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
  if (!(await oldestStanding())) {
    const missed = await ctx.db
      .selectFrom('missions')
      .select(['id', 'creator_id', 'rejected_at'])
      .where('rejection_reason', '=', 'PERFORM_EXPIRED')
      .where('rejected_at', 'is not', null)
      .orderBy('rejected_at', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (!missed) return;
    await ctx.db
      .transaction()
      .execute((trx) =>
        penalizeCreator(trx, { creatorId: missed.creator_id, missionId: missed.id, at: missed.rejected_at! }),
      );
  }
  const penalty = await oldestStanding();
  if (!penalty) return;
  await liftPenaltyOrRequestApproval(ctx, operator, penalty.id, '데모: 입원 확인서 제출, 기한 초과 사유 인정');
}

async function seedGradeProposalOverride(ctx: ServiceContext, operator: Caller): Promise<void> {
  const creator = await ctx.db.selectFrom('creators').select('id').where('url', '=', 'cookingbear').executeTakeFirst();
  if (!creator) return;
  const pending = () =>
    ctx.db
      .selectFrom('grade_proposals')
      .select(['id', 'proposed_grade'])
      .where('creator_id', '=', creator.id)
      .where('status', '=', 'PROPOSED')
      .orderBy('review_month', 'desc')
      .executeTakeFirst();
  if (!(await pending())) {
    const current = koreaMonthOf(ctx.now());
    const { year, month } = previousMonth(current.year, current.month);
    await proposeMonthlyGrades(ctx.db, year, month, ctx.now());
  }
  const proposal = await pending();
  if (!proposal) return;
  await confirmGradeProposalOrRequestApproval(ctx, operator, proposal.id, anotherGrade(proposal.proposed_grade));
}

/** The largest coin pack on sale (1,000 coins, 100,000 won: no single charge of it needs an approval). */
async function largestCashItem(ctx: ServiceContext) {
  return await ctx.db
    .selectFrom('coin_items')
    .select(['id', 'point'])
    .where('item_type', '=', 'CASH')
    .where('active', '=', true)
    .orderBy('point', 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/**
 * Three members who held no cash coins charged: two the largest pack twice three weeks ago, one by bank deposit, one
 * by card, and now ask for a partial refund, each worth more than APPROVAL_ABOVE_WON; finance1@ marks the first paid
 * by hand and sends the second back through the card provider (the sandbox, which knows these charges). The third
 * bought a year-end pack of 3,000 coins (300,000 won, retired since) by card three days ago, and finance1@ cancels
 * it. All wait.
 */
async function seedRefundsAboveLimit(ctx: ServiceContext, finance: Caller): Promise<void> {
  const { rows: leavers } = await sql<{ id: number; username: string }>`
    select u.id, u.username from users u
    where u.roles = array['ROLE_USER']::text[] and u.email like '%@world.local' and u.deleted_at is null
      and u.login_blocked_at is null and u.coins_frozen_at is null
      and not exists (select 1 from ledger_lots l
        where l.account = 'wallet:' || u.id and l.source = 'CASH' and l.remaining > 0)
      and not exists (select 1 from coin_refunds r where r.user_id = u.id)
    order by u.id limit 3`.execute(ctx.db);
  if (leavers.length < 3) return;
  const item = await largestCashItem(ctx);
  const threeWeeksAgo: ServiceContext = { ...ctx, now: () => new Date(ctx.now().getTime() - 21 * DAY_MS) };
  const [byBank, byCard, bigBuyer] = leavers as [(typeof leavers)[0], (typeof leavers)[0], (typeof leavers)[0]];
  const member = (id: number): Caller => ({ id, roles: ['ROLE_USER'], creatorId: null });
  for (const turn of [1, 2]) {
    const transfer = await requestBankTransfer(
      threeWeeksAgo,
      byBank.id,
      {
        coinItemId: item.id,
        userId: byBank.id,
        depositorName: byBank.username.slice(0, 50),
        depositorPhone: '01055550000',
        receiptType: 'PHONE',
      },
      `demo-refund-deposit-${turn}`,
    );
    await decideBankTransfer(threeWeeksAgo, finance.id, transfer.id, { status: 'paid' });
    await purchaseAtSandbox(threeWeeksAgo, member(byCard.id), item.id, `demo-refund-charge-${turn}`);
  }
  // This season's year-end pack, since retired: its one charge is worth more than the limit, and finance1@ is asked to
  // cancel it at the provider (the member changed his mind about the whole pack).
  const yearEnd = await ctx.db
    .insertInto('coin_items')
    .values({ item_type: 'CASH', name: DEMO_LARGE_PACK, point: 3_000, price: 300_000, usd_price: '240', active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Three days ago: a charge is cancelled only within its first 7 days.
  const threeDaysAgo: ServiceContext = { ...ctx, now: () => new Date(ctx.now().getTime() - 3 * DAY_MS) };
  const largeCharge = await purchaseAtSandbox(threeDaysAgo, member(bigBuyer.id), yearEnd.id, 'demo-large-pack');
  await ctx.db.updateTable('coin_items').set({ active: false }).where('id', '=', yearEnd.id).execute();
  await cancelOrRequestApproval(ctx, finance, largeCharge, '데모: 회원이 패키지 전체 취소를 요청(미사용)');
  const account = (who: { id: number; username: string }) => ({
    bankName: 'KB국민은행' as const,
    bankAccountHolder: who.username.slice(0, 100),
    bankAccountNumber: `9${String(who.id).padStart(11, '0')}`,
  });
  const byHand = await refundHeldCoins(ctx, byBank.id, 'demo-refund', account(byBank));
  await markRefundPaidOrRequestApproval(ctx, finance, await getRefundRequest(ctx, byHand.id), {
    status: 'paid',
    note: '데모: 인터넷뱅킹으로 이체 완료',
  });
  const throughCard = await refundHeldCoins(ctx, byCard.id, 'demo-refund', account(byCard));
  await refundAtProviderOrRequestApproval(
    ctx,
    finance,
    await getRefundRequest(ctx, throughCard.id),
    '데모: 탈퇴 전 잔여 코인 환불 요청',
  );
}

/** The first console account (both roles) asks to give operator1@ the finance role for the month's end. */
async function seedRoleGrant(ctx: ServiceContext): Promise<void> {
  const people = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'roles'])
    .where('email', 'in', [ctx.config.ADMIN_EMAIL, DEMO_STAFF.operatorMaker])
    .execute();
  const admin = people.find((row) => row.email === ctx.config.ADMIN_EMAIL);
  const operator = people.find((row) => row.email === DEMO_STAFF.operatorMaker);
  if (!admin || !operator) return;
  await updateOrRequestApproval(
    ctx,
    { id: admin.id, roles: admin.roles as Role[], creatorId: null },
    operator.id,
    { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] },
    () => undefined,
  );
}
