import { z } from 'zod';

/**
 * A PortOne V2 webhook (2024-04-25 format): `type` such as `Transaction.Paid`, `Transaction.Cancelled`, and the
 * payment it is about. Nothing in it is trusted: it only says which payment to ask PortOne about.
 */
export const portOneWebhookSchema = z
  .looseObject({
    type: z.string().max(100),
    timestamp: z.string().max(100).optional(),
    data: z
      .looseObject({
        paymentId: z.string().max(200).optional(),
        storeId: z.string().max(200).optional(),
        transactionId: z.string().max(200).optional(),
      })
      .optional(),
  })
  .meta({ id: 'PortOneWebhook' });
export type PortOneWebhook = z.infer<typeof portOneWebhookSchema>;

/** The Standard Webhooks headers PortOne V2 signs its webhooks with. */
export const portOneWebhookHeadersSchema = z.object({
  'webhook-id': z.string().max(200).optional(),
  'webhook-timestamp': z.string().max(40).optional(),
  'webhook-signature': z.string().max(2000).optional(),
});

export const webhookReceivedSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceived' });
