import type { Role } from '@fanmission/contracts';
import { grantBonusItem } from '../coins';
import type { ServiceContext } from '../context';
import { inviteOrRequestApproval, saveCoinItemOrRequestApproval } from '../console';
import { changePayoutAccountAsFinance } from '../creators';
import { decideStatement } from '../income';
import { DEMO_STAFF } from './demo-accounts';

const DEMO_BONUS_ITEM = '데모 대량 무료 코인';
const DEMO_NEW_BONUS_ITEM = '데모 신규 가입 축하 코인';

/**
 * The demo's approvals queue (docs/operations.md, The approval queue): finance1@ has asked for a free-coin grant
 * above the limit, to add a BONUS coin item above it, for a change of a creator's payout account, to invite a third
 * finance member and, where the demo world has such statements, to approve an issued statement, to pay an approved
 * one and to release a held one; finance2@ finds them waiting.
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
}
