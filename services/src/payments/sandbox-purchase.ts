import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { creditVerifiedPayment } from './deposits';
import { paymentProvidersFor } from './providers/registry';
import { decideSandboxCheckout, findPayment } from './repository';
import { createPayment } from './service';

/**
 * A card purchase through the sandbox provider as a member makes it in the browser: the order, the payer's approval
 * on the sandbox checkout, then the credit once the provider confirms it. For the demo world, whose members then own
 * charges the sandbox can refund; the sandbox must be the configured card provider. Returns the payment's id.
 */
export async function purchaseAtSandbox(
  ctx: ServiceContext,
  member: Caller,
  coinItemId: number,
  idempotencyKey: string,
): Promise<string> {
  const providers = paymentProvidersFor(ctx);
  const checkout = await createPayment(
    ctx,
    providers,
    member,
    { coinItemId, userId: member.id, payMethod: 'card', language: 'ko' },
    idempotencyKey,
  );
  const payment = await findPayment(ctx.db, checkout.merchantUid);
  if (payment?.provider !== 'sandbox')
    throw new Error(`the card provider of ${checkout.merchantUid} is not the sandbox`);
  await decideSandboxCheckout(ctx.db, {
    payment_id: payment.id,
    status: 'paid',
    amount: payment.amount,
    currency: payment.currency,
    decided_at: ctx.now(),
  });
  await creditVerifiedPayment(ctx, providers, payment);
  return payment.id;
}
