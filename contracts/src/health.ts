import { z } from 'zod';

export const componentHealthSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

/**
 * One event consumer's backlog: events not yet applied (on Kafka: messages its group has not committed). The embedded
 * transport counts at most 10,000 (services/src/outbox/postgres-transport.ts, LAG_COUNT_LIMIT): a bigger backlog reads
 * 10,000.
 */
export const consumerLagSchema = z.object({
  consumer: z.string(),
  pendingEvents: z.number().int().nonnegative(),
  /** Age of the oldest pending event; null when none is pending or the transport cannot tell (Kafka). */
  oldestPendingSeconds: z.number().nonnegative().nullable(),
});

/** The event pipeline: the relay's backlog (Kafka mode only) and each consumer's. */
export const eventsHealthSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  transport: z.enum(['kafka', 'postgres']),
  relay: z
    .object({
      unsentEvents: z.number().int().nonnegative(),
      oldestUnsentSeconds: z.number().nonnegative().nullable(),
    })
    .nullable(),
  consumers: z.array(consumerLagSchema),
  error: z.string().optional(),
});
export type EventsHealth = z.infer<typeof eventsHealthSchema>;

export const healthResponseSchema = z
  .object({
    status: z.enum(['UP', 'DOWN']),
    version: z.string(),
    details: z
      .object({ database: componentHealthSchema, events: eventsHealthSchema.optional() })
      .catchall(componentHealthSchema),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
