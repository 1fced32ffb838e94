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

/**
 * A PayPal webhook event (the fields the API reads). Only its signature, checked by PayPal's
 * verify-webhook-signature API, makes it genuine; even then it only says which payment to ask PayPal about.
 */
export const payPalWebhookSchema = z
  .looseObject({
    id: z.string().max(200),
    event_type: z.string().max(200),
    resource: z
      .looseObject({
        id: z.string().max(200).optional(),
        custom_id: z.string().max(200).optional(),
        invoice_id: z.string().max(200).optional(),
        supplementary_data: z
          .looseObject({
            related_ids: z.looseObject({ order_id: z.string().max(200).optional() }).optional(),
          })
          .optional(),
      })
      .optional(),
  })
  .meta({ id: 'PayPalWebhook' });
export type PayPalWebhook = z.infer<typeof payPalWebhookSchema>;

/** The transmission headers PayPal sends a webhook with (passed to its verify-webhook-signature API). */
export const payPalWebhookHeadersSchema = z.object({
  'paypal-transmission-id': z.string().max(200).optional(),
  'paypal-transmission-time': z.string().max(100).optional(),
  'paypal-transmission-sig': z.string().max(4000).optional(),
  'paypal-cert-url': z.string().max(2000).optional(),
  'paypal-auth-algo': z.string().max(100).optional(),
});
